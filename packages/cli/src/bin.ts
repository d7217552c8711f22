#!/usr/bin/env node
// Loaded dynamically so that even a failure to load the CLI's modules (a broken install) is
// one message and an exit code, like every other error (see main.ts and failure.ts).
try {
  const [{ main }, { nodeIO }] = await Promise.all([import('./main.js'), import('./node-io.js')]);
  process.exitCode = await main(process.argv.slice(2), nodeIO);
} catch (error) {
  const message = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
  process.stderr.write(`tilekit: cannot start: ${message}\n`);
  if (process.env.TILEKIT_DEBUG === '1' && error instanceof Error)
    process.stderr.write(`${error.stack}\n`);
  process.exitCode = 70;
}
