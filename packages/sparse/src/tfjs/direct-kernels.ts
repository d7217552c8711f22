/**
 * The tfjs kernels the sparse ops' own plumbing runs (entry coordinates, gradients, uploads),
 * called through the engine without their op wrappers: a wrapper converts and checks arguments
 * that are the package's own tensors here, already of the right dtype and rank, and each one
 * adds its argument handling (and, for `tf.zeros`, complex-number support) to every app that
 * bundles the ops. The engine still records each call, so autodiff, `tf.tidy` and memory
 * tracking see these kernels as they see the ops.
 */
import * as tf from '@tensorflow/tfjs-core';

/** Runs kernel `name` on `inputs` with `attrs` through the engine. */
function run<T extends tf.Tensor>(
  name: string,
  inputs: tf.NamedTensorMap,
  attrs: tf.NamedAttrMap = {},
): T {
  return tf.engine().runKernel(name, inputs, attrs) as T;
}

/** A new tensor holding `values` (not copied) with `shape` (by default 1-D). */
export function tensorOf<R extends tf.Rank = tf.Rank.R1>(
  values: Float32Array | Int32Array,
  dtype: 'float32' | 'int32',
  shape: readonly number[] = [values.length],
): tf.Tensor<R> {
  return tf.engine().makeTensor(values, [...shape], dtype) as tf.Tensor<R>;
}

/** `x` with `shape` (the same number of elements; no copy), as `tf.reshape`. */
export function reshaped<T extends tf.Tensor>(x: tf.Tensor, shape: readonly number[]): T {
  return run(tf.Reshape, { x }, { shape: [...shape] });
}

/** The sum of all elements of `x`, as `tf.sum(x)`. */
export function sumOf(x: tf.Tensor): tf.Scalar {
  return run(tf.Sum, { x }, { axis: x.shape.map((_, k) => k), keepDims: false });
}

/** `x[begin, begin + size)`, as `tf.slice`. */
export function slice1d(x: tf.Tensor1D, begin: number, size: number): tf.Tensor1D {
  return run(tf.Slice, { x }, { begin: [begin], size: [size] });
}

/** The block of `x` from `begin` of extents `size`, as `tf.slice` of a rank-3 tensor. */
export function slice3d(x: tf.Tensor, begin: number[], size: number[]): tf.Tensor3D {
  return run(tf.Slice, { x }, { begin, size });
}

/** `x` with its dimensions permuted by `perm`, as `tf.transpose`. */
export function transposed<T extends tf.Tensor>(x: tf.Tensor, perm: number[]): T {
  return run(tf.Transpose, { x }, { perm });
}

/** Equal-shaped matrices stacked along a new first axis, as `tf.stack`. */
export function stacked(matrices: readonly tf.Tensor2D[]): tf.Tensor3D {
  // Pack takes its inputs as a list, as tf.stack passes them.
  return run(tf.Pack, matrices as unknown as tf.NamedTensorMap, { axis: 0 });
}

/** Equal-length vectors side by side as the columns of a matrix, as `tf.stack(vectors, 1)`. */
export function asColumns(vectors: readonly tf.Tensor1D[]): tf.Tensor2D {
  return run(tf.Pack, vectors as unknown as tf.NamedTensorMap, { axis: 1 });
}

/** `x[indices[k]]` along the first axis, as `tf.gather`. */
export function gather1d<T extends tf.Tensor>(x: T, indices: tf.Tensor1D): T {
  return run(tf.GatherV2, { x, indices }, { axis: 0, batchDims: 0 });
}

/** The int32 sequence `start, start + step, ...` below `stop`, as `tf.range`. */
export function int32Range(start: number, stop: number, step = 1): tf.Tensor1D {
  return run(tf.Range, {}, { start, stop, step, dtype: 'int32' });
}

/** `a mod b` (int32 operands), as `tf.mod`. */
export function modOf(a: tf.Tensor, b: tf.Tensor): tf.Tensor1D {
  return run(tf.Mod, { a, b });
}

/** Ones of `x`'s shape and dtype, as `tf.onesLike`. */
export function onesOf<T extends tf.Tensor>(x: T): T {
  return run(tf.OnesLike, { x });
}

/** Zeros of `shape` and `dtype`, as `tf.zeros`. */
export function zerosOf<R extends tf.Rank = tf.Rank>(
  shape: readonly number[],
  dtype: 'float32' | 'int32',
): tf.Tensor<R> {
  const size = shape.reduce((x, y) => x * y, 1);
  return tensorOf<R>(
    dtype === 'int32' ? new Int32Array(size) : new Float32Array(size),
    dtype,
    shape,
  );
}

/** `tensors` joined along `axis`, as `tf.concat`. */
export function concatenated<T extends tf.Tensor>(tensors: readonly T[], axis = 0): T {
  // Concat takes its inputs as a list, as tf.concat passes them.
  return run(tf.Concat, tensors as unknown as tf.NamedTensorMap, { axis });
}

/** The running sums of 1-D `x` (each including its own element), as `tf.cumsum`. */
export function cumulativeSum(x: tf.Tensor1D): tf.Tensor1D {
  return run(tf.Cumsum, { x }, { axis: 0, exclusive: false, reverse: false });
}

/** `params` at each row of the coordinates `indices` (`[n, rank]`), as `tf.gatherND`. */
export function gatherAt<T extends tf.Tensor>(params: tf.Tensor, indices: tf.Tensor2D): T {
  return run(tf.GatherNd, { params, indices });
}

/**
 * A tensor of `shape` holding `updates[k]` at the coordinates `indices[k]` (`[n, rank]`) and
 * zeros elsewhere, as `tf.scatterND`. tfjs gives the kernel no gradient; the callers that
 * differentiate through it add their own.
 */
export function scatteredAt(
  indices: tf.Tensor2D,
  updates: tf.Tensor1D,
  shape: readonly number[],
): tf.Tensor {
  return run(tf.ScatterNd, { indices, updates }, { shape: [...shape] });
}

/** Where each of `values` goes in the ascending `sorted` (1-D both), as `tf.searchSorted`. */
function searchSorted(
  sorted: tf.Tensor1D,
  values: tf.Tensor1D,
  side: 'left' | 'right',
): tf.Tensor1D {
  const found = run(
    tf.SearchSorted,
    {
      sortedSequence: reshaped(sorted, [1, sorted.size]),
      values: reshaped(values, [1, values.size]),
    },
    { side },
  );
  return reshaped(found, [values.size]);
}

/**
 * For each of `values`, how many of the ascending `sorted` are at most it, as
 * `tf.searchSorted(sorted, values, 'right')` of 1-D tensors.
 */
export function countAtMost(sorted: tf.Tensor1D, values: tf.Tensor1D): tf.Tensor1D {
  return searchSorted(sorted, values, 'right');
}

/**
 * For each of `values`, how many of the ascending `sorted` are below it, as
 * `tf.searchSorted(sorted, values, 'left')` of 1-D tensors.
 */
export function countBelow(sorted: tf.Tensor1D, values: tf.Tensor1D): tf.Tensor1D {
  return searchSorted(sorted, values, 'left');
}
