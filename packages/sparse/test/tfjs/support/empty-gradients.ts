/**
 * Seeded random gradient cases with an empty operand (an extent of 0, or a sparse operand with
 * no stored entry) for every fixed op, shared by the Node and browser suites. Every gradient of
 * such a case is zero (each product has an empty factor or sums over an empty index), with the
 * shape of its input, on every backend.
 */
import type * as tfType from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { expect } from 'vitest';
import type { NamedFormat } from '../../../src/index.js';
import { sddmm, sparseDot, spmm, spmv, TfSparseTensor } from '../../../src/tfjs/index.js';
import { MATRIX_FORMATS } from './formats.js';

const OPS = ['spmv', 'spmm', 'sddmm', 'sparseDot'] as const;

/** One case: the op, the sparse format and the extents (at least one 0, or no entry). */
export interface EmptyGradientCase {
  readonly op: (typeof OPS)[number];
  readonly format: NamedFormat;
  readonly m: number;
  readonly n: number;
  readonly k: number;
  /** Whether the sparse operand stores entries (where its extents allow). */
  readonly filled: boolean;
}

/** `count` cases drawn from `seed`. */
export function emptyGradientCases(count: number, seed: number): EmptyGradientCase[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, c) => {
    const op = OPS[c % OPS.length] as (typeof OPS)[number];
    const extent = () => (random() < 0.45 ? 0 : 1 + Math.floor(random() * 4));
    const [m, n, k] = [extent(), extent(), extent()];
    const filled = random() < 0.5;
    const emptyEnough =
      (op === 'sparseDot' ? n === 0 : m * n * (op === 'spmv' ? 1 : k) === 0) || !filled;
    return {
      op,
      format:
        op === 'sparseDot'
          ? 'sparse-vector'
          : (MATRIX_FORMATS[Math.floor(random() * 5)] as NamedFormat),
      m,
      n,
      k,
      filled: emptyEnough ? filled : false,
    };
  });
}

/** The case in words. */
const describeEmptyCase = (c: EmptyGradientCase) =>
  `${c.op} ${c.format} m=${c.m} n=${c.n} k=${c.k}${c.filled ? '' : ' no entries'}`;

/**
 * Checks that every gradient of `c` is zero with its input's shape, and that computing them
 * left no tensor behind.
 */
export async function expectZeroGradients(tf: typeof tfType, c: EmptyGradientCase): Promise<void> {
  const what = describeEmptyCase(c);
  const before = tf.memory().numTensors;
  const g = await emptyGradients(tf, c);
  expect(g.shapes, what).toEqual(g.inputShapes);
  expect(
    g.values.flat().every((v) => v === 0),
    what,
  ).toBe(true);
  expect(tf.memory().numTensors, what).toBe(before);
}

/**
 * The case's gradients w.r.t. every operand (a sparse one's values), with the shapes of the
 * inputs, as plain arrays (read asynchronously).
 */
async function emptyGradients(
  tf: typeof tfType,
  c: EmptyGradientCase,
): Promise<{ shapes: number[][]; inputShapes: number[][]; values: number[][] }> {
  const ones = (shape: number[]) => tf.ones(shape);
  const sparseShape = c.op === 'sparseDot' ? [c.n] : [c.m, c.n];
  const source = c.filled ? ones(sparseShape) : tf.zeros(sparseShape);
  const S = TfSparseTensor.fromDense(source, c.format);
  source.dispose();
  const dense: tfType.Tensor[] =
    c.op === 'spmv'
      ? [ones([c.n])]
      : c.op === 'spmm'
        ? [ones([c.n, c.k])]
        : c.op === 'sddmm'
          ? [ones([c.m, c.k]), ones([c.k, c.n])]
          : [ones([c.n])];
  const f = (v: tfType.Tensor, ...d: tfType.Tensor[]): tfType.Tensor => {
    const A = S.withValues(v as tfType.Tensor1D);
    if (c.op === 'spmv') return spmv(A, d[0] as tfType.Tensor);
    if (c.op === 'spmm') return spmm(A, d[0] as tfType.Tensor);
    if (c.op === 'sddmm') return sddmm(A, d[0] as tfType.Tensor, d[1] as tfType.Tensor);
    return sparseDot(A, d[0] as tfType.Tensor);
  };
  const inputs = [S.values, ...dense];
  const grads = tf.tidy(() => tf.grads(f as (...x: tfType.Tensor[]) => tfType.Tensor)(inputs));
  const values: number[][] = [];
  for (const g of grads) values.push(Array.from(await g.data(), (v) => (v === 0 ? 0 : v)));
  const result = {
    shapes: grads.map((g) => [...g.shape]),
    inputShapes: inputs.map((t) => [...t.shape]),
    values,
  };
  tf.dispose([...grads, ...dense]);
  S.dispose();
  return result;
}
