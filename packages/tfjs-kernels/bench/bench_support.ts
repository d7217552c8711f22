/** Shared benchmark plumbing: the CPU backend, and bytes-allocated-per-call measurement. */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import '../src/register-cpu.js';

export { tf };

/** Selects the CPU backend and quiets tfjs's Node banner. */
export async function useCpuBackend(): Promise<void> {
  tf.env().set('IS_TEST', true);
  await tf.setBackend('cpu');
}

/**
 * Median growth of `process.memoryUsage().arrayBuffers` across one call of `fn`, minus the bytes
 * of what `fn` returns and keeps (`keptBytes`), over `calls` calls. Garbage collection between
 * calls is not forced, so a positive figure is an upper bound of transient allocation.
 */
export function arrayBufferBytesPerCall(fn: () => void, calls = 9): number {
  const deltas: number[] = [];
  for (let c = 0; c < calls; c++) {
    const before = process.memoryUsage().arrayBuffers;
    fn();
    deltas.push(process.memoryUsage().arrayBuffers - before);
  }
  deltas.sort((a, b) => a - b);
  return deltas[Math.floor(deltas.length / 2)]!;
}

/** A seeded Fisher-Yates permutation of `0 .. n - 1`. */
export function seededPermutation(n: number, seed = 42): Int32Array {
  const p = Int32Array.from({ length: n }, (_, k) => k);
  let state = seed;
  for (let k = n - 1; k > 0; k--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const r = state % (k + 1);
    const t = p[k]!;
    p[k] = p[r]!;
    p[r] = t;
  }
  return p;
}
