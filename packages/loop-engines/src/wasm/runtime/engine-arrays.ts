/**
 * Typed arrays that live in the wasm engine's own linear memory, owned by the caller until
 * disposed. A compiled wasm function called with a view of one reads and writes it where it
 * lies: a dense operand is not copied in on every call, and an output is written straight into
 * the array the caller then reads, not copied out. For repeated calls over large dense operands
 * (SpMM's right-hand side and result), where those copies cost more than the kernel.
 *
 * A view of the memory lasts until the memory grows (a call or an allocation that needs more
 * room moves everything into a larger memory, and the old view no longer reaches it), so
 * `data` is read again at each use; the array's place and contents stay. Kernels lay their other operands out after the regions these arrays reserve.
 */
import { describeValue } from '@tilekit/errors';
import type { MemRefData } from '@tilekit/loop-ir';
import { expectInteger } from '../../argument-checks.js';
import { EngineArgumentError } from '../../errors.js';
import { engineMemory } from './engine-memory.js';
import { BUFFER_PADDING } from './memory-layout.js';

/** The typed-array types an engine array may have. */
export type EngineArrayType =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Int16ArrayConstructor
  | Uint16ArrayConstructor
  | Int8ArrayConstructor
  | Uint8ArrayConstructor
  | BigInt64ArrayConstructor
  | BigUint64ArrayConstructor;

const TYPES: readonly EngineArrayType[] = [
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
  BigInt64Array,
  BigUint64Array,
];

/** A typed array in the engine's memory (see {@link engineArray}). */
export interface EngineArray<T extends MemRefData = MemRefData> {
  /**
   * A view of the array over the memory's current buffer: pass it to compiled wasm functions
   * (as a memref's data, or a `{data, shape}`'s) and read or write it directly. Valid until the
   * memory next grows, so read `data` again after any wasm call or allocation.
   *
   * @throws EngineArgumentError once the array is disposed.
   */
  readonly data: T;
  /** Elements. */
  readonly length: number;
  /** Whether {@link EngineArray.dispose} was called. */
  readonly disposed: boolean;
  /** Returns the region to the engine (a second call does nothing); `data` then throws. */
  dispose(): void;
}

/**
 * A zeroed array of `length` elements of `type` in the wasm engine's own memory, for dense
 * operands and outputs passed to compiled wasm functions call after call: a view of it is
 * passed by address (nothing copied in or out), where a plain typed array is copied in before
 * and, if written, out after every call. The interpreter and the js engine read and write the
 * view like any typed array. Dispose it when done: the region is reused.
 *
 * @throws EngineArgumentError for a `type` that is not a typed-array constructor, or a
 *   `length` that is not an integer from 0 to 2^31 - 1.
 */
export function engineArray<C extends EngineArrayType>(
  type: C,
  length: number,
): EngineArray<InstanceType<C>> {
  if (!TYPES.includes(type)) {
    throw new EngineArgumentError(
      'type',
      `expected a typed-array constructor (Float64Array, Int32Array, ...), got ${describeValue(type)}`,
    );
  }
  expectInteger(length, 'length', 0);
  const shared = engineMemory();
  const bytes = length * type.BYTES_PER_ELEMENT;
  // The padding masked-off vector lanes may read past a buffer stays inside the region.
  let at: number;
  try {
    at = shared.reserve(bytes + BUFFER_PADDING);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw new EngineArgumentError('length', `${length} elements do not fit the engine memory`);
  }
  let disposed = false;
  let view: InstanceType<C> | undefined;
  return {
    get data() {
      if (disposed) throw new EngineArgumentError('array', 'was disposed');
      const { buffer } = shared.memory;
      if (view === undefined || view.buffer !== buffer) {
        view = new type(buffer, at, length) as InstanceType<C>;
      }
      return view;
    },
    length,
    get disposed() {
      return disposed;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      view = undefined;
      shared.release(at);
    },
  };
}
