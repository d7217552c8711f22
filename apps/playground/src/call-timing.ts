/**
 * Timing a tfjs op the way the panels report it: warm-up calls first (shader compilation,
 * caches, the JIT), then several samples, each of back-to-back calls lasting long enough that
 * the browser's coarse clock (`performance.now()` may step by 0.1 ms) is a small part of it.
 * Every call's result is read back before the next call starts, so a GPU backend's queued work
 * is counted, not just its dispatch.
 */
import type * as tf from '@tensorflow/tfjs-core';

/** What {@link timeCalls} measured. */
export interface CallTiming {
  /** Median over the samples of a sample's time divided by its calls, in milliseconds. */
  readonly perCallMs: number;
  /** How many samples the median is over. */
  readonly samples: number;
  /** Calls made in all the samples together. */
  readonly calls: number;
  /** Calls made before the samples (their times are not counted). */
  readonly warmUpCalls: number;
}

/** The least time a sample lasts, so the clock's step is at most a few percent of it (ms). */
export const SAMPLE_MS = 4;
/** Calls made before timing starts. */
const WARM_UP_CALLS = 3;
/** Calls slower than this get fewer samples, so a big op does not stall the page (ms). */
const SLOW_CALL_MS = 100;

/** Runs `fn` once, waits for its result on the backend (read back), and frees it. */
async function oneCall(fn: () => tf.Tensor): Promise<void> {
  const out = fn();
  try {
    await out.data();
  } finally {
    out.dispose();
  }
}

/**
 * Times `fn` (which returns a tensor the caller does not keep): {@link WARM_UP_CALLS} untimed
 * calls, then `samples` samples, each of calls made until it has lasted {@link SAMPLE_MS}.
 * Each call's result is read back (`await data()`) and freed before the next.
 */
export async function timeCalls(fn: () => tf.Tensor, samples = 7): Promise<CallTiming> {
  // The last warm-up call's time (the first ones compile) says whether the op is slow.
  let warm = 0;
  for (let k = 0; k < WARM_UP_CALLS; k++) {
    const start = performance.now();
    await oneCall(fn);
    warm = performance.now() - start;
  }
  const count = warm > SLOW_CALL_MS ? Math.min(samples, 3) : samples;
  const perCall: number[] = [];
  let calls = 0;
  for (let s = 0; s < count; s++) {
    const start = performance.now();
    let made = 0;
    let elapsed = 0;
    while (elapsed < SAMPLE_MS) {
      await oneCall(fn);
      made++;
      elapsed = performance.now() - start;
    }
    perCall.push(elapsed / made);
    calls += made;
  }
  perCall.sort((a, b) => a - b);
  return {
    perCallMs: perCall[Math.floor(count / 2)] as number,
    samples: count,
    calls,
    warmUpCalls: WARM_UP_CALLS,
  };
}

/** Three significant digits in ms or µs (`123 ms`, `1.23 ms`, `456 µs`, `7.89 µs`). */
export function formatDuration(ms: number): string {
  if (ms >= 1) return `${ms >= 100 ? ms.toFixed(0) : ms.toPrecision(3)} ms`;
  const us = ms * 1000;
  return `${us >= 100 ? us.toFixed(0) : us.toPrecision(3)} µs`;
}

/**
 * How a {@link CallTiming}'s median was taken:
 * `median of 7 samples (≥ 4 ms each, 212 calls in all) after 3 warm-up calls`.
 */
export function describeSamples(timing: CallTiming): string {
  return `median of ${timing.samples} samples (≥ ${SAMPLE_MS} ms each, ${timing.calls} calls in all) after ${timing.warmUpCalls} warm-up calls`;
}

/** What every timed call includes, for the timing lines. */
export const READ_BACK_NOTE = "each call's result read back (await data())";
