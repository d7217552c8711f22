#!/usr/bin/env node
/**
 * Every package's `prepack` (run by `npm pack`, `npm publish` and so `changeset publish`, from
 * the package directory): builds the package, with the @tilekit packages it depends on, through
 * Nx unless its `dist/` is already newer than everything it is built from. A fresh clone thus
 * can never pack a package without its build, and `changeset publish`, which packs every package
 * at once, does not rebuild (and rewrite) the `dist/` folders other packs are reading.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const packageDir = process.cwd();
const { name } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

/** Modification times of every file under `dir` (none when it does not exist). */
function mtimes(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs);
}

const inputs = [
  ...mtimes(join(packageDir, 'src')),
  ...['package.json', 'tsconfig.json', 'tsconfig.build.json']
    .map((file) => join(packageDir, file))
    .filter(existsSync)
    .map((file) => statSync(file).mtimeMs),
];
const outputs = mtimes(join(packageDir, 'dist'));
const fresh = outputs.length > 0 && Math.min(...outputs) > Math.max(...inputs);
if (fresh) {
  console.error(`prepack ${name}: dist/ is newer than its sources, packing it as built`);
} else {
  console.error(`prepack ${name}: building (nx run ${name}:build)`);
  execFileSync(join(root, 'node_modules', '.bin', 'nx'), ['run', `${name}:build`], {
    cwd: root,
    // Build logs go to stderr: `npm pack --json` prints its JSON on stdout.
    stdio: ['ignore', process.stderr, 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
  });
}
