import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSuite } from '../src/node/suite_bundle.ts';
import { protectorNote, runSuiteProcess } from '../src/node/suite_process.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('suite bundles in their own node process', () => {
  let bundle: string;

  beforeAll(async () => {
    // One short round: these tests check the plumbing, not the timings.
    process.env.TILEKIT_BENCH_OPTIONS = JSON.stringify({ rounds: 1, minSampleMs: 1 });
    bundle = await bundleSuite(fixture('answer.bench.ts'));
  });

  it('bundles a suite into one file beside the others', () => {
    expect(existsSync(bundle)).toBe(true);
    expect(bundle.endsWith('.mjs')).toBe(true);
  });

  it('runs it with no ArrayBuffer detached and reads back its result', async () => {
    const run = await runSuiteProcess(bundle, false);
    expect(run.result.name).toBe('runner fixture');
    expect(run.alsoAfterDetach).toBe(true);
    const [only] = run.result.cases;
    expect(only?.ours.label).toBe('forward');
    expect(only?.ours.medianMs).toBeGreaterThan(0);
    expect(only?.ratios).toHaveLength(1);
    // The fixture's file was found through its own import.meta.url, not the bundle's; the
    // runner adds the process's full collections during the case.
    expect(only?.extra).toEqual({
      answer: 42,
      sum: (4095 * 4096) / 2,
      'full GCs in this process': expect.stringMatching(/^\d+ \(\d+\.\d ms\)$/),
    });
    expect(run.invalidatedProtectors).not.toContain('ArrayBufferDetaching');
    expect(protectorNote(run, false)).toMatch(/no ArrayBuffer detached/);
  });

  it('detaches a buffer first when asked, and sees V8 give up the assumption', async () => {
    const run = await runSuiteProcess(bundle, true);
    expect(run.invalidatedProtectors).toContain('ArrayBufferDetaching');
    expect(run.result.cases[0]?.extra).toMatchObject({ answer: 42, sum: (4095 * 4096) / 2 });
    expect(protectorNote(run, true)).toMatch(/detached first/);
  });

  it('counts the threads that detached, without pinning them on the main thread', async () => {
    const run = await runSuiteProcess(bundle, false);
    const note = (invalidated: string[]) =>
      protectorNote({ ...run, invalidatedProtectors: invalidated }, false);
    expect(note(['ArrayBufferDetaching'])).toMatch(/one thread of the suite/);
    expect(note(['ArrayBufferDetaching', 'NoElements', 'ArrayBufferDetaching'])).toMatch(
      /2 threads of the suite/,
    );
    expect(note(['NoElements'])).toMatch(/no ArrayBuffer detached/);
  });

  it('rejects with the exit status when the suite throws', async () => {
    const failing = await bundleSuite(fixture('throws.bench.ts'));
    await expect(runSuiteProcess(failing, false)).rejects.toThrow(/exit code 1/);
  });
});
