/** The one element-count helper of the package's kernels and tests. */

/** Element count of a tensor of shape `shape` (1 for a scalar, 0 if any dimension is 0). */
export function sizeFromShape(shape: readonly number[]): number {
  let size = 1;
  for (const d of shape) size *= d;
  return size;
}
