/** Row-major strides: how far apart, in elements, consecutive indices of each dimension lie. */

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
