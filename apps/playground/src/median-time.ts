/** Timing the panels' side-by-side comparisons. */
import type * as tf from '@tensorflow/tfjs-core';

/**
 * Median milliseconds of `runs` calls of `fn`. Each call's result is read back (so GPU work is
 * counted, not just queued) and then disposed.
 */
export async function medianTime(fn: () => tf.Tensor, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const start = performance.now();
    const out = fn();
    await out.data();
    times.push(performance.now() - start);
    out.dispose();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}
