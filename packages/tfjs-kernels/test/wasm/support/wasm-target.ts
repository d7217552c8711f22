/**
 * The wasm backend as the differential suite sees it: int32 stored as int32, tensors that must
 * balance, no GPU to keep indices on, and rejected calls drawn too.
 */
import { expectCountsKept } from '../../support/balance.js';
import { fullRangeValues } from '../../support/cross-backend/differential-cases.js';
import type { DifferentialTarget } from '../../support/cross-backend/differential-suite.js';
import { tf } from './backends.js';

/** The wasm target with `seed` and `runs`. */
export function wasmTarget(seed: number, runs: number): DifferentialTarget {
  return {
    backend: 'wasm',
    values: fullRangeValues,
    seed,
    runs,
    expectBalanced: (fn) => expectCountsKept(() => tf.memory().numTensors, fn),
    // Its kernels read indices from the wasm heap, wherever a case drew them.
    residence: () => 'cpu',
    rejections: true,
  };
}
