/** The `sparseMatMul` op: sparse x sparse matrix product with a sparse result (SpGEMM). */
import * as tf from '@tensorflow/tfjs-core';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../../sparsify/index.js';
import { format32, TfSparseTensor } from '../sparse-tensor-tf.js';
import type { EntryContribution } from './entry-sum.js';
import {
  assembledResult,
  assembleOnHost,
  hostEntryCoordinates,
  hostOperand,
} from './host-assembled.js';
import { residentSparse } from './pattern-operands.js';
import type { PositionLookup } from './result-positions.js';
import { sampledProduct } from './sampled-product.js';
import type { SparseArgument } from './sparse-argument.js';

/** Product terms a differentiable call may expand into (each is an element of three tensors). */
const MAX_TERMS = 2 ** 26;

/** Every product `A(i,k) * B(k,j)` of stored entries: the two entries and its `(i, j)`. */
interface ProductTerms {
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly rows: Int32Array;
  readonly columns: Int32Array;
}

/** The product terms of `A B` (entries in the order of the values tensors). */
function productTerms(A: TfSparseTensor, B: TfSparseTensor): ProductTerms {
  const [rowsA, innerA] = hostEntryCoordinates(A) as [Int32Array, Int32Array];
  const [innerB, columnsB] = hostEntryCoordinates(B) as [Int32Array, Int32Array];
  // B's entries grouped by row (a counting sort on the inner index).
  const inner = B.shape[0] as number;
  const start = new Int32Array(inner + 1);
  for (const k of innerB) start[k + 1] = (start[k + 1] as number) + 1;
  for (let k = 0; k < inner; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
  const next = start.slice(0, inner);
  const byRow = new Int32Array(B.nnz);
  innerB.forEach((k, b) => {
    byRow[(next[k] as number)++] = b;
  });
  let count = 0;
  for (const k of innerA) count += (start[k + 1] as number) - (start[k] as number);
  if (count > MAX_TERMS)
    throw new SparsifyError(
      'B',
      `a differentiable product of these operands expands into ${count} terms, more than ${MAX_TERMS}; pass host SparseTensors for the product without gradients`,
    );
  const terms = {
    left: new Int32Array(count),
    right: new Int32Array(count),
    rows: new Int32Array(count),
    columns: new Int32Array(count),
  };
  let t = 0;
  rowsA.forEach((i, a) => {
    const k = innerA[a] as number;
    for (let p = start[k] as number; p < (start[k + 1] as number); p++) {
      const b = byRow[p] as number;
      terms.left[t] = a;
      terms.right[t] = b;
      terms.rows[t] = i;
      terms.columns[t++] = columnsB[b] as number;
    }
  });
  return terms;
}

/**
 * `result` storing every `(i, j)` a product term reaches: the loops leave out a sum that is
 * zero when they reduce in registers (an inner-product order), and gradients must reach its
 * terms all the same (as MLIR's workspace assembly stores every touched coordinate).
 */
function withEveryTerm(result: SparseTensor, terms: ProductTerms): SparseTensor {
  const { coordinates, values } = result.toCoordinates();
  const count = terms.rows.length;
  const touched = Array.from({ length: count }, (_, t) => [
    terms.rows[t] as number,
    terms.columns[t] as number,
  ]);
  return SparseTensor.fromCoordinates(
    [...coordinates, ...touched],
    [...values, ...new Array<number>(count).fill(0)],
    result.shape,
    result.format,
    { dtype: result.dtype },
  );
}

/** The terms' products, computed on the backend (differentiable), each sent to its `(i, j)`. */
function termContribution(
  lookup: PositionLookup,
  terms: ProductTerms,
  A: TfSparseTensor,
  B: TfSparseTensor,
): EntryContribution {
  const count = terms.rows.length;
  const targets = new Int32Array(count);
  for (let t = 0; t < count; t++)
    targets[t] = lookup([terms.rows[t] as number, terms.columns[t] as number]);
  const values = sampledProduct(tf.ones([count], A.dtype) as tf.Tensor1D, [
    { tensor: A.values, indices: tf.tensor1d(terms.left, 'int32') },
    { tensor: B.values, indices: tf.tensor1d(terms.right, 'int32') },
  ]);
  return { values, targets: tf.tensor1d(targets, 'int32') };
}

/**
 * `C(i,j) = A(i,k) * B(k,j)` with sparse `A` and `B` (any matrix formats, one value dtype) and a
 * sparse result in `format` (default CSR), assembled on the host by the emitted loops (a dense
 * workspace per row for row-major operands; see the README's "Sparse outputs") and uploaded.
 * Operands are host `SparseTensor`s (any backend) or `TfSparseTensor`s on the cpu and wasm
 * backends, whose tensors are host memory. With a `TfSparseTensor` operand the result's values
 * are recomputed on the backend from the operands' values tensors (every product of stored
 * entries, summed into its result entry), so gradients reach them, and every `(i, j)` a product
 * reaches is stored, even where the sum is zero (without, the loops may leave such a sum out
 * when they reduce in registers, as for a CSC `B`).
 *
 * @throws SparseFormatError naming `A` or `B` (not a sparse matrix, disposed, float64) or
 *   `format`, SparsifyError naming `B` (extents, dtype) or the operand that is a
 *   `TfSparseTensor` on a GPU backend.
 */
function sparseMatMul_(
  A: SparseArgument,
  B: SparseArgument,
  format: FormatSpec = 'CSR',
): TfSparseTensor {
  const outputFormat = format32(format, 2);
  const left = hostOperand('sparseMatMul', A, 'A', 2);
  const right = hostOperand('sparseMatMul', B, 'B', 2);
  if (left.shape[1] !== right.shape[0])
    throw new SparsifyError(
      'B',
      `expected ${left.shape[1]} rows (A's column count), got shape [${right.shape.join(', ')}]`,
    );
  if (left.dtype !== right.dtype)
    throw new SparsifyError('B', `expected ${left.dtype} values like A's, got ${right.dtype}`);
  const result = assembleOnHost('C(i,j) = A(i,k) * B(k,j)', { A: left, B: right }, outputFormat);
  if (!(A instanceof TfSparseTensor || B instanceof TfSparseTensor)) return assembledResult(result);
  const [a, b] = [residentSparse(A, 'A'), residentSparse(B, 'B')];
  const terms = productTerms(a, b);
  return assembledResult(withEveryTerm(result, terms), (lookup) => [
    termContribution(lookup, terms, a, b),
  ]);
}

export const sparseMatMul = tf.op({ sparseMatMul_ });
