/**
 * Arrays a caller keeps in a pool's shared wasm memory (`SparseThreadPool.array`): a dense
 * operand or output there is read and written in place by every thread of the pool's wasm
 * kernels with a dense output, where any other array is copied there on every call.
 */
import { isIntegerIn } from '@tilekit/errors';
import { textOf } from '../sparse-error.js';
import { SparseThreadArgumentError, SparseThreadPoolError } from './errors.js';
import type { PoolMemory } from './pool-memory.js';

/** The typed arrays a pool array may be: the value types of the package's kernels. */
export type PoolArrayType =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Int32ArrayConstructor
  | BigInt64ArrayConstructor;

const TYPES: readonly PoolArrayType[] = [Float64Array, Float32Array, Int32Array, BigInt64Array];

/** The most elements of one pool array. */
const MAX_LENGTH = 2 ** 31 - 1;

/** An array in a pool's shared wasm memory (see `SparseThreadPool.array`). */
export interface PoolArray<T extends InstanceType<PoolArrayType> = InstanceType<PoolArrayType>> {
  /**
   * The array: pass it as a dense operand's `data`, or as the output of `kernel.run`.
   *
   * @throws SparseThreadPoolError once the array is disposed.
   */
  readonly data: T;
  /** Elements. */
  readonly length: number;
  /** Whether {@link PoolArray.dispose} was called. */
  readonly disposed: boolean;
  /**
   * Returns the array's memory to the pool (a second call does nothing). Views of `data` kept
   * afterwards are ordinary arrays to the pool again: copied, never read in place.
   */
  dispose(): void;
}

/**
 * A zeroed pool array of `length` elements of `type` in `memory`, or in ordinary memory where
 * the pool has none (a pool of one thread).
 */
export function poolArray<C extends PoolArrayType>(
  memory: PoolMemory | undefined,
  type: C,
  length: number,
): PoolArray<InstanceType<C>> {
  if (!TYPES.includes(type)) {
    throw new SparseThreadArgumentError(
      'type',
      `expected Float64Array, Float32Array, Int32Array or BigInt64Array, got ${textOf(type)}`,
      'Float64Array, Float32Array, Int32Array or BigInt64Array',
    );
  }
  if (!isIntegerIn(length, 0, MAX_LENGTH)) {
    throw new SparseThreadArgumentError(
      'length',
      `expected an integer from 0 to ${MAX_LENGTH}, got ${textOf(length)}`,
      `an integer from 0 to ${MAX_LENGTH}`,
    );
  }
  let data: InstanceType<C>;
  if (memory === undefined) {
    data = new type(length) as InstanceType<C>;
  } else {
    try {
      data = memory.allocate(type as never, length) as InstanceType<C>;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      throw new SparseThreadArgumentError(
        'length',
        `${length} elements do not fit the pool memory (4 GiB in all)`,
        'fewer elements',
      );
    }
  }
  let disposed = false;
  return {
    get data() {
      if (disposed) throw new SparseThreadPoolError('the pool array was disposed');
      return data;
    },
    length,
    get disposed() {
      return disposed;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      memory?.release(data);
    },
  };
}
