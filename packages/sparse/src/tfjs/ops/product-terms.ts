/**
 * Products of two sparse operands' stored entries as a differentiable tfjs computation, for the
 * host-assembled results that multiply (SpGEMM, element-wise products): the pairs of entries
 * whose shared indices agree are found on the host from the entries' coordinates (read on the
 * cpu and wasm backends), the products computed on the backend from the values tensors and
 * summed into the result entry each reaches.
 */
import * as tf from '@tensorflow/tfjs-core';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../../sparsify/index.js';
import type { TfSparseTensor } from '../sparse-tensor-tf.js';
import type { EntryContribution } from './entry-sum.js';
import { hostEntryCoordinates } from './host-assembled.js';
import type { PositionLookup } from './result-positions.js';
import { sampledProduct } from './sampled-product.js';

/** Product terms a differentiable call may expand into (each is an element of three tensors). */
const MAX_TERMS = 2 ** 26;

/** A result dimension's coordinate: operand `A`'s or `B`'s coordinate along `dim`. */
export type TermIndex = readonly ['A' | 'B', number];

/** Every product of a stored entry of `A` and one of `B`: the two entries and its coordinates. */
export interface ProductTerms {
  readonly left: Int32Array;
  readonly right: Int32Array;
  /** Per result dimension, each term's coordinate. */
  readonly coordinates: readonly Int32Array[];
}

/** A key of coordinates `dims` of an entry (a string: any extents, any number of dimensions). */
const keyOf = (coordinates: readonly Int32Array[], dims: readonly number[], k: number) =>
  dims.map((d) => (coordinates[d] as Int32Array)[k]).join(',');

/**
 * The products of `A`'s and `B`'s stored entries whose coordinates along `joinA` (of `A`) and
 * `joinB` (of `B`) agree, each at the result coordinates `output` names (entries in the order of
 * the values tensors).
 *
 * @throws SparsifyError naming `B` past {@link MAX_TERMS} terms.
 */
export function productTerms(
  A: TfSparseTensor,
  B: TfSparseTensor,
  joinA: readonly number[],
  joinB: readonly number[],
  output: readonly TermIndex[],
): ProductTerms {
  const coordinatesA = hostEntryCoordinates(A);
  const coordinatesB = hostEntryCoordinates(B);
  const entriesOfB = new Map<string, number[]>();
  for (let b = 0; b < B.nnz; b++) {
    const key = keyOf(coordinatesB, joinB, b);
    const list = entriesOfB.get(key);
    if (list === undefined) entriesOfB.set(key, [b]);
    else list.push(b);
  }
  const matches = Array.from({ length: A.nnz }, (_, a) =>
    entriesOfB.get(keyOf(coordinatesA, joinA, a)),
  );
  const count = matches.reduce((n, list) => n + (list?.length ?? 0), 0);
  if (count > MAX_TERMS)
    throw new SparsifyError(
      'B',
      `a differentiable product of these operands expands into ${count} terms, more than ${MAX_TERMS}; pass host SparseTensors for the product without gradients`,
    );
  const left = new Int32Array(count);
  const right = new Int32Array(count);
  const coordinates = output.map(() => new Int32Array(count));
  let t = 0;
  matches.forEach((list, a) => {
    for (const b of list ?? []) {
      left[t] = a;
      right[t] = b;
      output.forEach(([operand, dim], d) => {
        const source = operand === 'A' ? coordinatesA[dim] : coordinatesB[dim];
        (coordinates[d] as Int32Array)[t] = (source as Int32Array)[
          operand === 'A' ? a : b
        ] as number;
      });
      t++;
    }
  });
  return { left, right, coordinates };
}

/**
 * `result` storing every coordinate a term reaches: the loops leave out a sum that is zero when
 * they reduce in registers (an inner-product order), and gradients must reach its terms all the
 * same (as MLIR's workspace assembly stores every touched coordinate).
 */
export function withEveryTerm(result: SparseTensor, terms: ProductTerms): SparseTensor {
  const { coordinates, values } = result.toCoordinates();
  const count = terms.left.length;
  const touched = Array.from({ length: count }, (_, t) =>
    terms.coordinates.map((c) => c[t] as number),
  );
  return SparseTensor.fromCoordinates(
    [...coordinates, ...touched],
    [...values, ...new Array<number>(count).fill(0)],
    result.shape,
    result.format,
    { dtype: result.dtype },
  );
}

/** The terms' products, computed on the backend (differentiable), each sent to its entry. */
export function termContribution(
  lookup: PositionLookup,
  terms: ProductTerms,
  A: TfSparseTensor,
  B: TfSparseTensor,
): EntryContribution {
  const count = terms.left.length;
  const targets = new Int32Array(count);
  for (let t = 0; t < count; t++) targets[t] = lookup(terms.coordinates.map((c) => c[t] as number));
  const values = sampledProduct(tf.ones([count], A.dtype) as tf.Tensor1D, [
    { tensor: A.values, indices: tf.tensor1d(terms.left, 'int32') },
    { tensor: B.values, indices: tf.tensor1d(terms.right, 'int32') },
  ]);
  return { values, targets: tf.tensor1d(targets, 'int32') };
}
