/**
 * The timing the Kernels and Sparse panels print: every call's result is awaited and freed
 * before the next call, the waiting is counted, and the printed figure is never "0".
 */
import type * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { describeSamples, formatDuration, SAMPLE_MS, timeCalls } from '../../src/call-timing.ts';

/** A stand-in for an op whose result is ready `delayMs` after the call (a GPU's queued work). */
function delayedOp(delayMs: number) {
  const log = { calls: 0, reads: 0, disposed: 0, overlapping: 0 };
  let open = 0;
  const fn = () => {
    log.calls++;
    if (open > 0) log.overlapping++;
    open++;
    return {
      data: () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            log.reads++;
            resolve();
          }, delayMs),
        ),
      dispose: () => {
        log.disposed++;
        open--;
      },
    } as unknown as tf.Tensor;
  };
  return { fn, log };
}

describe('timeCalls', () => {
  it('counts the wait for each result, one call at a time, every result freed', async () => {
    const { fn, log } = delayedOp(2);
    const timing = await timeCalls(fn, 5);
    // A dispatch-only timer would see next to nothing: the 2 ms wait for each result is counted.
    expect(timing.perCallMs).toBeGreaterThanOrEqual(2);
    expect(timing.samples).toBe(5);
    expect(log.calls).toBe(timing.warmUpCalls + timing.calls);
    expect(log.reads).toBe(log.calls);
    expect(log.disposed).toBe(log.calls);
    expect(log.overlapping).toBe(0);
    expect(timing.calls).toBeGreaterThanOrEqual(timing.samples);
    expect(describeSamples(timing)).toBe(
      `median of 5 samples (≥ ${SAMPLE_MS} ms each, ${timing.calls} calls in all) after ${timing.warmUpCalls} warm-up calls`,
    );
  });

  it('gives a positive time for an op faster than the clock step', async () => {
    const fn = () => ({ data: async () => {}, dispose: () => {} }) as unknown as tf.Tensor;
    const timing = await timeCalls(fn, 3);
    expect(timing.perCallMs).toBeGreaterThan(0);
    expect(formatDuration(timing.perCallMs)).not.toMatch(/^0(\.0+)? /);
  });
});

describe('formatDuration', () => {
  it('prints three significant digits in ms or µs, never zero for a positive time', () => {
    const random = seededRandom(11);
    for (let k = 0; k < 500; k++) {
      // Times from 10 ns to 10 s, spread evenly over the orders of magnitude.
      const ms = 10 ** (random() * 9 - 5);
      const text = formatDuration(ms);
      const match = /^(\d+(?:\.\d+)?) (ms|µs)$/.exec(text);
      expect(match, text).not.toBeNull();
      const value = Number(match![1]) / (match![2] === 'µs' ? 1000 : 1);
      expect(value, text).toBeGreaterThan(0);
      expect(Math.abs(value - ms) / ms, `${ms} -> ${text}`).toBeLessThan(0.005);
      expect(match![2], text).toBe(ms >= 1 ? 'ms' : 'µs');
    }
  });
});
