/**
 * Row-major strides: how far apart, in elements, consecutive indices of each dimension lie in a
 * dense array whose last dimension varies fastest (XLA's descending layout, a memref's identity
 * layout, a tfjs tensor's storage). Every package that flattens a coordinate or checks that a
 * buffer is large enough for a shape uses this one definition.
 */

import { TilekitArgumentError } from './argument-error.js';

/**
 * Row-major strides of a shape `dims` (the last dimension's stride is 1).
 * @throws TilekitArgumentError when `dims` is not an array of non-negative integers.
 */
export function rowMajorStrides(dims: readonly number[]): number[] {
  const expected = 'an array of non-negative integers';
  if (!Array.isArray(dims)) throw new TilekitArgumentError('dims', expected, dims);
  for (let d = 0; d < dims.length; d++) {
    const size: unknown = dims[d];
    if (!Number.isSafeInteger(size) || (size as number) < 0) {
      throw new TilekitArgumentError(`dims[${d}]`, expected, size);
    }
  }
  const strides = new Array<number>(dims.length);
  let stride = 1;
  for (let d = dims.length - 1; d >= 0; d--) {
    strides[d] = stride;
    stride *= dims[d] as number;
  }
  return strides;
}
