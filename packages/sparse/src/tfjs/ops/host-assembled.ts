/**
 * Sparse results whose pattern depends on the values of the operands (SpGEMM, sparse add,
 * format conversion), assembled on the host: the operands are host `SparseTensor`s (given as
 * such on any backend, or a `TfSparseTensor`'s storage read on the cpu and wasm backends, whose
 * tensors are host memory: a synchronous read is a copy at most), the emitted loops assemble the
 * result there (see the README's "Sparse outputs") and its storage is uploaded to the active
 * backend as a `TfSparseTensor`. A `TfSparseTensor` on a GPU backend would have to be read back,
 * so there these ops refuse it with a typed error instead. Where an operand is a `TfSparseTensor`
 * (whose values may carry gradients), the result's values are then recomputed from the
 * operands' values tensors on the backend, each operand entry (or product of entries) added
 * into the result entry at its coordinates, so gradients reach the operands' values.
 */
import * as tf from '@tensorflow/tfjs-core';
import { compile } from '@tilekit/loop-engines';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { runKernel, SparsifyError, sparsify } from '../../sparsify/index.js';
import { guardedValues } from '../gradients/pattern-guard.js';
import { TfSparseTensor } from '../sparse-tensor-tf.js';
import { entryCoordinates } from './entry-coordinates.js';
import { type EntryContribution, entrySum } from './entry-sum.js';
import { checkSparse } from './pattern-operands.js';
import { type PositionLookup, resultPositions } from './result-positions.js';

/** The ops whose Promise variant (`<op>Async`) assembles on the GPU (webgpu, WebGL2). */
const ASYNC_VARIANTS = new Set(['sparseMatMul', 'sparseAdd', 'sparseMul']);

/** Backends whose tensors live in host memory. */
const HOST_BACKENDS = new Set(['cpu', 'wasm']);

/** The storage of `s` read into a host `SparseTensor` (a copy on the cpu and wasm backends). */
function hostCopy(s: TfSparseTensor): SparseTensor {
  const indices = (t: tf.Tensor1D | undefined) => {
    if (t === undefined) return undefined;
    const data = t.dataSync() as Int32Array;
    return new Uint32Array(data.buffer, data.byteOffset, data.length);
  };
  return SparseTensor.fromStorage(s.shape, s.format, {
    values: s.values.dataSync() as Float32Array | Int32Array,
    positions: s.positions.map(indices),
    coordinates: s.coordinates.map(indices),
  });
}

/**
 * Sparse argument `x` on the host: a float32 or int32 `SparseTensor` as it is, a
 * `TfSparseTensor`'s storage read back on the cpu and wasm backends.
 *
 * @throws SparseFormatError naming `argument` (not a sparse tensor of `rank`, disposed,
 *   float64), SparsifyError naming it for a `TfSparseTensor` on a GPU backend.
 */
export function hostOperand(
  opName: string,
  x: unknown,
  argument: string,
  rank?: number,
): SparseTensor {
  if (x instanceof TfSparseTensor && !x.isDisposed && !HOST_BACKENDS.has(tf.getBackend()))
    throw new SparsifyError(
      argument,
      `${opName} assembles its sparse result on the host: on ${tf.getBackend()} pass host SparseTensors (no read-back), or read ${argument} back first (await ${argument}.toSparseTensor())${ASYNC_VARIANTS.has(opName) ? `, or await ${opName}Async(...), which assembles it on the GPU` : ''}`,
    );
  checkSparse(x, argument, rank);
  return x instanceof SparseTensor ? x : hostCopy(x);
}

/** What {@link requireMatching} compares of a host or device sparse tensor. */
interface MatchedOperand {
  readonly rank: number;
  readonly shape: readonly number[];
  readonly dtype: string;
}

/**
 * Checks that `B` has `A`'s shape and value dtype (element-wise operands).
 *
 * @throws SparsifyError naming `B`.
 */
export function requireMatching(A: MatchedOperand, B: MatchedOperand): void {
  if (A.rank !== B.rank || A.shape.some((d, k) => d !== B.shape[k]))
    throw new SparsifyError(
      'B',
      `expected A's shape [${A.shape.join(', ')}], got [${B.shape.join(', ')}]`,
    );
  if (A.dtype !== B.dtype)
    throw new SparsifyError('B', `expected ${A.dtype} values like A's, got ${B.dtype}`);
}

/** The index list `i,j,k...` of an element-wise kernel over `rank` dimensions. */
export function elementwiseIndices(rank: number): string {
  return 'ijklmnop'.slice(0, rank).split('').join(',');
}

/**
 * Runs `expr` (a kernel whose output `C` has `outputFormat`) on the host over `operands` (one
 * value dtype: the callers check it with typed errors) and returns the assembled result.
 */
export function assembleOnHost(
  expr: string,
  operands: Readonly<Record<string, SparseTensor>>,
  outputFormat: FormatSpec,
): SparseTensor {
  const first = Object.values(operands)[0] as SparseTensor;
  const formats: Record<string, FormatSpec> = { C: outputFormat };
  for (const [name, s] of Object.entries(operands)) formats[name] = s.format;
  const kernel = sparsify(expr, formats, { valueType: first.dtype === 'int32' ? 'i32' : 'f32' });
  const run = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
  return runKernel(kernel, run, operands) as SparseTensor;
}

/**
 * Per dimension, every stored entry's coordinate in the order of `s`'s values (computed on the
 * backend, read back: the callers run on the cpu and wasm backends only).
 */
export function hostEntryCoordinates(s: TfSparseTensor): Int32Array[] {
  return entryCoordinates(s).map((t) => {
    const data = t.dataSync() as Int32Array;
    t.dispose();
    return data;
  });
}

/** Int32: the position in `lookup`'s result of each stored entry of `s` (same coordinates). */
export function sameCoordinateTargets(lookup: PositionLookup, s: TfSparseTensor): tf.Tensor1D {
  const coordinates = hostEntryCoordinates(s);
  const targets = new Int32Array(s.nnz);
  for (let k = 0; k < s.nnz; k++) targets[k] = lookup(coordinates.map((c) => c[k] as number));
  return tf.tensor1d(targets, 'int32');
}

/**
 * The host-assembled `result` on the backend. With `contributions` (the operands that are
 * `TfSparseTensor`s, sent to the result's entries by `contributions(lookup)`), its values are
 * their sums computed there, differentiable with respect to the operands' values (and with
 * respect to the positions and coordinates of `operands`, by argument name, a typed
 * `SparseGradientError`); without, its own values.
 */
export function assembledResult(
  result: SparseTensor,
  contributions?: (lookup: PositionLookup) => readonly EntryContribution[],
  operands: Readonly<Record<string, unknown>> = {},
): TfSparseTensor {
  const uploaded = TfSparseTensor.fromSparseTensor(result);
  if (contributions === undefined) return uploaded;
  const values = entrySum(result.nnz, uploaded.dtype, contributions(resultPositions(result)));
  return uploaded.withValues(guardedValues(values, operands));
}
