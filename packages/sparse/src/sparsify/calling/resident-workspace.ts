/**
 * The expanded-row workspace of a kernel called through `runKernel`, kept in the wasm engine's
 * memory from call to call (engine arrays of `@tilekit/loop-engines`). A kernel leaves its
 * workspace as it found it (values zero, marks clear: its updates add without testing for a
 * first term), so one workspace serves every call of the kernel; held in the engine's memory it
 * is passed by address, where a fresh one per call was allocated zero-filled, copied into the
 * wasm memory and copied back out. The interpreter and the js engine read the same views as
 * plain typed arrays.
 */

import { type EngineArray, type EngineArrayType, engineArray } from '@tilekit/loop-engines';
import type { StorageWidth } from '../../sparse-tensor/format.js';
import type { IndexArray } from '../../sparse-tensor/storage-arrays.js';
import { markWordCount } from '../emission/workspace-marks.js';
import type { KernelPlan } from '../planning/kernel-plan.js';
import type { SparseKernel } from '../sparse-kernel.js';
import type { OutputWorkspace } from './output-storage.js';

const VALUE_ARRAY_TYPES = {
  f32: Float32Array,
  f64: Float64Array,
  i32: Int32Array,
  i64: BigInt64Array,
} as const satisfies Record<KernelPlan['valueType'], EngineArrayType>;

/** The coordinate array type of each storage width (as output-storage.ts allocates them). */
const INDEX_ARRAY_TYPES: Readonly<Record<StorageWidth, EngineArrayType>> = {
  8: Uint8Array,
  16: Uint16Array,
  32: Uint32Array,
  64: BigUint64Array,
  index: BigInt64Array,
};

/** One kernel's workspace arrays, for an output whose last level has `last` slots. */
interface Held {
  last: number;
  arrays: EngineArray[];
}

const heldByKernel = new WeakMap<SparseKernel, Held>();
/** A kernel no longer reachable returns its workspace's regions to the engine memory. */
const release = new FinalizationRegistry<Held>((held) => {
  for (const a of held.arrays) a.dispose();
});

/**
 * The workspace `kernel` (an expanded output of `plan`, last level `last` slots long) runs
 * with: views of its engine arrays, valid until the engine memory next grows, so take them
 * right before each call. Made on first use and again when `last` changes.
 */
export function residentWorkspace(
  kernel: SparseKernel,
  plan: KernelPlan,
  crdWidth: StorageWidth,
  last: number,
): OutputWorkspace {
  let held = heldByKernel.get(kernel);
  if (held === undefined) {
    held = { last: -1, arrays: [] };
    heldByKernel.set(kernel, held);
    release.register(kernel, held);
  }
  if (held.last !== last) {
    for (const a of held.arrays) a.dispose();
    held.arrays = [];
    held.last = -1;
    held.arrays = [
      engineArray(VALUE_ARRAY_TYPES[plan.valueType], last),
      engineArray(Uint32Array, markWordCount(last)),
      engineArray(INDEX_ARRAY_TYPES[crdWidth], last + 1),
    ];
    held.last = last;
  }
  const [values, filled, coordinates] = held.arrays as [EngineArray, EngineArray, EngineArray];
  return {
    values: values.data as OutputWorkspace['values'],
    filled: filled.data as Uint32Array,
    coordinates: coordinates.data as IndexArray,
  };
}

/**
 * Zeroes `kernel`'s resident workspace: after a call that threw part way, which may have left
 * values or marks behind.
 */
export function clearResidentWorkspace(kernel: SparseKernel): void {
  for (const a of heldByKernel.get(kernel)?.arrays ?? []) {
    const { buffer, byteOffset, byteLength } = a.data;
    new Uint8Array(buffer, byteOffset, byteLength).fill(0);
  }
}
