import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BenchUsageError, discoverSuites, suiteFiles } from '../src/suite-files.ts';

const benchRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = resolve(benchRoot, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'bench-args-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the suite files npm run bench runs', () => {
  it('are every package suite when no file is named', () => {
    const all = discoverSuites(repoRoot);
    expect(all.length).toBeGreaterThan(5);
    for (const file of all) expect(file).toMatch(/\/packages\/[^/]+\/bench\/[^/]+\.bench\.ts$/);
    expect(suiteFiles([], repoRoot)).toEqual(all);
  });

  it('are the named suites, resolved from the working directory', () => {
    const [first] = discoverSuites(repoRoot);
    expect(suiteFiles([relative(process.cwd(), first as string)], repoRoot)).toEqual([first]);
  });

  it('refuse, naming each, a missing file, a folder and a file that is not a suite', () => {
    const notSuite = join(scratch, 'helper.ts');
    writeFileSync(notSuite, 'export {};\n');
    const asked = ['packages/sparse/bench/no-such.bench.ts', scratch, notSuite];
    for (const arg of asked) {
      const attempt = () => suiteFiles([arg], repoRoot);
      expect(attempt).toThrow(BenchUsageError);
      expect(attempt).toThrow(JSON.stringify(arg));
    }
    const [first] = discoverSuites(repoRoot);
    let message = '';
    try {
      suiteFiles([first as string, ...asked], repoRoot);
    } catch (error) {
      message = (error as Error).message;
    }
    // Only the wrong ones are named as wrong; the suites there are follow.
    const [named, listing] = message.split('\nthe suites are:\n') as [string, string];
    for (const arg of asked) expect(named).toContain(JSON.stringify(arg));
    expect(named).not.toContain(JSON.stringify(first));
    expect(listing.split('\n')).toHaveLength(discoverSuites(repoRoot).length);
  });

  it('reach a user who mistypes one as one message and exit status 2, with no stack trace', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=@tilekit/source', 'src/main.ts', 'no-such.bench.ts'],
      { cwd: benchRoot, encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('not a suite file');
    expect(run.stderr).toContain('"no-such.bench.ts"');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
