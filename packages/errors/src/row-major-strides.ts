/**
 * Row-major strides: how far apart, in elements, consecutive indices of each dimension lie in a
 * dense array whose last dimension varies fastest (XLA's descending layout, a memref's identity
 * layout, a tfjs tensor's storage). Every package that flattens a coordinate or checks that a
 * buffer is large enough for a shape uses this one definition.
 */

/** Row-major strides of a shape `dims` (the last dimension's stride is 1). */
export function rowMajorStrides(dims: readonly number[]): number[] {
  const strides = new Array<number>(dims.length);
  let stride = 1;
  for (let d = dims.length - 1; d >= 0; d--) {
    strides[d] = stride;
    stride *= dims[d] as number;
  }
  return strides;
}
