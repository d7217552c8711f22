/**
 * Shared benchmark plumbing: suites on the CPU backend, and bytes-allocated-per-call measurement.
 */

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type BenchSuite, defineBenchSuite } from '@tilekit/bench';
import { seededRandom } from '@tilekit/conformance/testing';
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
 * A suite on the CPU backend (selected before `suite.setup` runs), run a second time after an
 * ArrayBuffer detach: its figures hinge on plain typed-array loops, which V8 then checks.
 */
export function cpuBenchSuite(suite: Omit<BenchSuite, 'alsoAfterDetach'>): BenchSuite {
  return defineBenchSuite({
    ...suite,
    alsoAfterDetach: true,
    setup: async () => {
      await useCpuBackend();
      await suite.setup?.();
    },
  });
}

// Expose V8's collector at run time (the harness runs without --expose-gc) so each
// allocation measurement starts from a clean heap.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Collects garbage and lets V8 finish freeing array buffer memory (it does so concurrently). */
async function settleHeap(): Promise<void> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 20));
  collectGarbage();
}

/**
 * Bytes of ArrayBuffer memory one call of `fn` allocates: the growth of
 * `process.memoryUsage().arrayBuffers` across the call, starting from a settled heap, median of
 * `calls` calls. What `fn` frees is not collected before the second reading, so the figure
 * counts every buffer the call allocated, output included.
 */
export async function arrayBufferBytesPerCall(fn: () => void, calls = 7): Promise<number> {
  const deltas: number[] = [];
  for (let c = 0; c < calls; c++) {
    await settleHeap();
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
  const random = seededRandom(seed);
  for (let k = n - 1; k > 0; k--) {
    const r = Math.floor(random() * (k + 1));
    const t = p[k]!;
    p[k] = p[r]!;
    p[r] = t;
  }
  return p;
}
