#!/usr/bin/env node
// The `tilekit` command. This launcher is committed, not built, so npm links it when it
// installs the workspace, before any build has made dist/; it runs the compiled CLI.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(cli)) {
  console.error(
    'tilekit: the CLI is not built yet (no dist/bin.js next to this launcher).\n' +
      "In a clone of the tilekit repository, run 'npm start' (or 'npm run build') first.",
  );
  process.exit(1);
}
await import(cli.href);
