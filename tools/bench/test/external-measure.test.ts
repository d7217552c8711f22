/**
 * A candidate timed by another process (`BenchFn.measure`): the harness takes its time per
 * call from what `measure` reports, never times its `fn`, and still interleaves it round by
 * round with the other candidates.
 */
import { describe, expect, it } from 'vitest';
import { runCase } from '../src/harness.ts';

describe('externally measured candidates', () => {
  it('use the reported time per call and run interleaved with ours', async () => {
    const events: string[] = [];
    let oursCalls = 0;
    const result = await runCase(
      {
        name: 'external',
        ours: {
          label: 'ours',
          fn: () => {
            oursCalls++;
            events.push('ours');
          },
        },
        baselines: [
          {
            label: 'elsewhere',
            fn: () => {
              throw new Error('an externally measured candidate is not timed through fn');
            },
            measure: async (batch) => {
              events.push(`measure ${batch}`);
              // As if each call took 3 ms over there, however long the round trip here.
              return batch * 3;
            },
          },
        ],
      },
      { rounds: 6, minSampleMs: 25, maxCaseMs: 60_000 },
    );
    expect(result.baselines[0]?.medianMs).toBe(3);
    expect(result.baselines[0]?.samples).toBe(6);
    expect(result.ratios[0]).toBe(3 / result.ours.medianMs);
    expect(oursCalls).toBeGreaterThan(0);
    // Calibration from the reported times alone: a warm-up call and a call (3 ms each, under
    // 25 ms), then the batch that reaches 25 ms with a fifth to spare (10 calls, 30 ms).
    const measured = events.filter((e) => e.startsWith('measure'));
    expect(measured.slice(0, 3)).toEqual(['measure 1', 'measure 1', 'measure 10']);
    // The rounds, ours' calls merged into one token per batch: who goes first rotates each
    // round (ours first in even rounds), so the measured batches pair up between ours' batches.
    const rounds = events
      .slice(events.indexOf('measure 10') + 1)
      .filter((e, i, all) => e !== 'ours' || all[i - 1] !== 'ours');
    const O = 'ours';
    const M = 'measure 10';
    expect(rounds).toEqual([O, M, M, O, M, M, O, M, M, O]);
  });
});
