#!/usr/bin/env node
/**
 * The one test command (`npm test`): format + lint (Biome), then every package's typecheck,
 * Node tests, browser tests and pack check through Nx, then a closing summary line
 * `Tests: N passed, M failed` summed from the Vitest JSON reports.
 *
 * Local runs reuse Nx's cache (.nx/cache): a task whose inputs are unchanged restores its Vitest
 * report instead of running again. CI (`CI` set, as `.ci/run` does) and `--no-cache` run every task.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  FORCE_COLOR: '0',
};
const bin = (name) => join(root, 'node_modules', '.bin', name);
const useCache = !process.env.CI && !process.argv.includes('--no-cache');

function step(title, command, args) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status === 0;
}

// Stale reports from an earlier run must not be counted. Every workspace project with tests
// writes its report to its own .tmp/; the projects are the root manifest's `workspaces` globs.
const workspaceDirs = () =>
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [join(root, glob)];
    const parent = join(root, glob.slice(0, -2));
    return existsSync(parent) ? readdirSync(parent).map((name) => join(parent, name)) : [];
  });
const reportFiles = () =>
  workspaceDirs().flatMap((workspace) => {
    const dir = join(workspace, '.tmp');
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => /^vitest.*report.*\.json$/.test(f))
          .map((f) => join(dir, f))
      : [];
  });
for (const file of reportFiles()) rmSync(file);

const checks = [
  ['format + lint (biome ci)', bin('biome'), ['ci', '--colors=off', '.']],
  [
    'typecheck, tests, browser tests, pack checks (nx)',
    bin('nx'),
    [
      'run-many',
      '-t',
      'typecheck',
      'test',
      'test:browser',
      'pack-check',
      '--parallel=2',
      '--output-style=stream',
      ...(useCache ? [] : ['--skip-nx-cache']),
    ],
  ],
];
const failedChecks = checks
  .filter(([title, command, args]) => !step(title, command, args))
  .map(([title]) => title);

let passed = 0;
let failed = 0;
for (const file of reportFiles()) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed +=
    (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(
  `\n=== summary${useCache ? ' (Nx cache on: unchanged tasks restored their reports)' : ''}`,
);
for (const file of reportFiles()) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  console.log(
    `  ${file.slice(root.length + 1)}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`,
  );
}
if (failedChecks.length > 0) console.log(`  failed checks: ${failedChecks.join('; ')}`);
console.log(`Tests: ${passed} passed, ${failed + failedChecks.length} failed`);
process.exit(failedChecks.length === 0 && failed === 0 && passed > 0 ? 0 : 1);
