/**
 * Nx's cache cannot replay a pass for broken code, shown literally: in a fresh clone of this
 * checkout, the test task that checks `@tilekit/layout` through the conformance suite passes, is
 * then restored from the cache, and after `physicalElementCount` is made to return one element
 * too many it runs again and fails, although `@tilekit/checks` itself did not change.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cloneCheckout } from '@tilekit/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/workspace.js';

/** The cached task: the unbroken implementations' conformance runs (layout's among them). */
const TASK = [
  'run',
  '@tilekit/checks:test',
  '--exclude-task-dependencies',
  '--output-style=stream',
  '--',
  'test/mutants.test.ts',
  '--testNamePattern=unbroken',
];

describe("a cached local run sees a change to a package the task's tests import", () => {
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  const scratch = mkdtempSync(join(repoRoot, '.tmp', 'cached-mutation-'));
  const clone = join(scratch, 'tilekit');
  // Removing the clone (its node_modules links and Nx cache) takes seconds on a loaded machine.
  afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

  const nx = () => {
    const run = spawnSync(join(clone, 'node_modules', '.bin', 'nx'), TASK, {
      cwd: clone,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      timeout: 300_000,
      env: {
        // Not the outer run's Nx settings (`--skip-nx-cache` reaches its tasks as NX_SKIP_NX_CACHE).
        ...Object.fromEntries(
          Object.entries(process.env).filter(([key]) => !key.startsWith('NX_')),
        ),
        NX_DAEMON: 'false',
        NX_NO_CLOUD: 'true',
        NX_TUI: 'false',
        NX_CACHE_DIRECTORY: join(clone, '.nx', 'cache'),
        FORCE_COLOR: '0',
      },
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  };

  it('passes, is restored from the cache, and fails once physicalElementCount is off by one', () => {
    cloneCheckout(repoRoot, clone, { workingTree: true });

    const first = nx();
    expect(first.status, first.output).toBe(0);
    expect(first.output).toMatch(/Cache: +0\/1 hit/);

    const replayed = nx();
    expect(replayed.status, replayed.output).toBe(0);
    expect(replayed.output).toMatch(/Cache: +1\/1 hit/);

    const sizes = join(clone, 'packages', 'layout', 'src', 'sizes.ts');
    const source = readFileSync(sizes, 'utf8');
    const mutated = source.replace(
      /(export function physicalElementCount\([^)]*\): number \{)/,
      '$1\n  return 1 + physicalElementCountUnbroken(shape);\n}\nfunction physicalElementCountUnbroken(shape: ShapeInput): number {',
    );
    expect(mutated).not.toBe(source);
    writeFileSync(sizes, mutated);

    const mutant = nx();
    expect(mutant.output).not.toMatch(/local cache|read the output from the cache/);
    expect(mutant.status, mutant.output).not.toBe(0);
    expect(mutant.output).toMatch(
      /FAIL +test\/mutants\.test\.ts > the unbroken implementations pass > layout/,
    );
    expect(mutant.output).toMatch(
      /physicalElementCount\(f32\[3,5\]\{1,0:T\(2,2\)\}\): expected 24, got 25/,
    );
  }, 600_000);
});
