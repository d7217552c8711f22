/**
 * Copies of arrays in shared memory (`SharedArrayBuffer`), which every thread of the pool
 * reads in place. An array already there is used as it is.
 */
import { adoptStorage, type SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import type { IndexArray, ValueArray } from '../sparse-tensor/storage-arrays.js';

type AnyArray = IndexArray | ValueArray;

/** Whether `a` is a view of shared memory. */
export function isShared(a: ArrayBufferView): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && a.buffer instanceof SharedArrayBuffer;
}

/** A fresh array of `a`'s type and length in shared memory (zeros). */
export function sharedLike<T extends AnyArray>(a: T, length = a.length): T {
  const ctor = a.constructor as (new (b: SharedArrayBuffer) => T) & { BYTES_PER_ELEMENT: number };
  return new ctor(new SharedArrayBuffer(length * ctor.BYTES_PER_ELEMENT));
}

/** `a` itself when it is shared, else a copy in shared memory. */
export function shared<T extends AnyArray>(a: T): T {
  if (isShared(a)) return a;
  const copy = sharedLike(a);
  (copy as unknown as { set(a: T): void }).set(a);
  return copy;
}

/**
 * `tensor` with every array in shared memory (the same tensor when they all are), each array
 * `a` as `inShared(a)` gives it (by default `a` itself if shared, else a copy).
 */
export function sharedTensor(
  tensor: SparseTensor,
  inShared: <T extends AnyArray>(a: T) => T = shared,
): SparseTensor {
  const arrays = [...tensor.positions, ...tensor.coordinates, tensor.values];
  const moved = arrays.map((a) => (a === undefined ? undefined : inShared(a)));
  if (moved.every((a, k) => a === arrays[k])) return tensor;
  const levels = tensor.positions.length;
  return adoptStorage(tensor.shape, tensor.format, {
    positions: moved.slice(0, levels) as (IndexArray | undefined)[],
    coordinates: moved.slice(levels, 2 * levels) as (IndexArray | undefined)[],
    values: moved[2 * levels] as ValueArray,
  });
}
