/**
 * Seeded random cases of every sparse op for differential tests (Node and browser): random
 * sizes, formats and densities (empty rows and empty matrices included), values exact in binary
 * (quarters), so every summation order gives the same float32 and results compare exactly.
 */
import type * as tfType from '@tensorflow/tfjs-core';
import { expect } from 'vitest';
import type { FormatSpec, NamedFormat } from '../../../src/index.js';
import {
  sddmm,
  sparseDot,
  sparseToDense,
  spmm,
  spmv,
  TfSparseTensor,
} from '../../../src/tfjs/index.js';
import { denseEvaluate, randomDense, rng } from '../../sparsify/fixtures.js';
import { MATRIX_FORMATS } from './formats.js';

/** The ops the cases cover. */
export const CASE_OPS = ['spmv', 'spmm', 'sddmm', 'sparseDot', 'toDense'] as const;
export type CaseOp = (typeof CASE_OPS)[number];

/** One random case: the op, the sparse operand's format and the sizes (rows, cols, inner). */
export interface SparseCase {
  readonly op: CaseOp;
  readonly format: NamedFormat;
  readonly rows: number;
  readonly cols: number;
  readonly inner: number;
  readonly density: number;
  readonly seed: number;
  /** int32 values (integers) instead of float32 quarters. */
  readonly int: boolean;
}

/** `count` cases of `op`, drawn from `seed`. */
export function randomCases(op: CaseOp, count: number, seed: number): SparseCase[] {
  const next = rng(seed);
  const size = (max: number) => 1 + Math.floor(next() * max);
  return Array.from({ length: count }, (_, k) => ({
    op,
    format:
      op === 'sparseDot'
        ? 'sparse-vector'
        : (MATRIX_FORMATS[Math.floor(next() * MATRIX_FORMATS.length)] as NamedFormat),
    rows: size(k % 10 === 0 ? 1 : 40),
    cols: size(40),
    inner: size(9),
    // Every tenth case is (nearly) empty.
    density: k % 10 === 5 ? 0 : next() * 0.6,
    seed: seed * 1000 + k,
    int: k % 7 === 3,
  }));
}

/** A case's operand data as dense row-major arrays with shapes. */
function operandsOf(c: SparseCase) {
  const profile = c.int ? 'integers' : 'quarters';
  const sparseShape = c.op === 'sparseDot' ? [c.cols] : [c.rows, c.cols];
  const denseData = (shape: number[], seed: number) => ({
    data: randomDense(shape, { density: 1, profile, seed }),
    shape,
  });
  const sparse = {
    data: randomDense(sparseShape, { density: c.density, profile, seed: c.seed, emptyRows: true }),
    shape: sparseShape,
  };
  switch (c.op) {
    case 'spmv':
      return {
        expr: 'y(i) = A(i,j) * x(j)',
        sparse,
        dense: { x: denseData([c.cols], c.seed + 1) },
      };
    case 'spmm':
      return {
        expr: 'C(i,k) = A(i,j) * B(j,k)',
        sparse,
        dense: { B: denseData([c.cols, c.inner], c.seed + 1) },
      };
    case 'sddmm':
      return {
        expr: 'X(i,j) = S(i,j) * (A(i,k) * B(k,j))',
        sparse,
        dense: {
          A: denseData([c.rows, c.inner], c.seed + 1),
          B: denseData([c.inner, c.cols], c.seed + 2),
        },
      };
    case 'sparseDot':
      return { expr: 'x = a(i) * b(i)', sparse, dense: { b: denseData([c.cols], c.seed + 1) } };
    case 'toDense':
      return { expr: 'D(i,j) = A(i,j)', sparse, dense: {} };
  }
}

/** The sparse operand's name in each op's expression. */
const SPARSE_NAME: Readonly<Record<CaseOp, string>> = {
  spmv: 'A',
  spmm: 'A',
  sddmm: 'S',
  sparseDot: 'a',
  toDense: 'A',
};

/** The case's expected result, from plain loops over every index tuple. */
export function referenceOf(c: SparseCase): number[] {
  const { expr, sparse, dense } = operandsOf(c);
  const out =
    c.op === 'sparseDot'
      ? 1
      : c.op === 'spmv'
        ? c.rows
        : c.op === 'spmm'
          ? c.rows * c.inner
          : c.rows * c.cols;
  const inputs = { [SPARSE_NAME[c.op]]: sparse, ...dense };
  return Array.from(denseEvaluate(expr, inputs, new Float64Array(out)), (v) => (v === 0 ? 0 : v));
}

/** How many entries the case's sparse operand stores (its non-zeros). */
export function storedEntries(c: SparseCase): number {
  return operandsOf(c).sparse.data.filter((v) => v !== 0).length;
}

/**
 * Runs the case's op with `tf` on the active backend (inside the caller's tidy), its sparse
 * operand stored in `format` (the case's named format unless given).
 */
export function runCase(
  tf: typeof tfType,
  c: SparseCase,
  format: FormatSpec = c.format,
): tfType.Tensor {
  const { sparse, dense } = operandsOf(c);
  const dtype = c.int ? 'int32' : 'float32';
  const typed = (data: Float64Array) => (c.int ? Int32Array.from(data) : Float32Array.from(data));
  const A = TfSparseTensor.fromDense(tf.tensor(typed(sparse.data), sparse.shape, dtype), format);
  const operands = Object.values(dense).map((o) => tf.tensor(typed(o.data), o.shape, dtype));
  return runOp(c, A, operands);
}

/**
 * Runs each case on the active backend and holds its result to the plain loops of
 * {@link referenceOf}; `storedAs` picks the sparse operand's storage from the case's named
 * format (the named format itself unless given).
 */
export function expectCasesMatchLoops(
  tf: typeof tfType,
  cases: readonly SparseCase[],
  storedAs: (named: NamedFormat) => FormatSpec = (named) => named,
): void {
  for (const c of cases) {
    const format = storedAs(c.format);
    const got = tf.tidy(() =>
      Array.from(runCase(tf, c, format).dataSync(), (v) => (v === 0 ? 0 : v)),
    );
    expect(got, `${describeCase(c)} stored as ${JSON.stringify(format)}`).toEqual(referenceOf(c));
  }
}

/** A case in words, for test names and failure messages. */
export function describeCase(c: SparseCase): string {
  return `${c.op} ${c.format} ${c.rows}x${c.cols}${c.op === 'spmm' || c.op === 'sddmm' ? ` k=${c.inner}` : ''} density ${c.density.toFixed(2)} ${c.int ? 'int32' : 'float32'} seed ${c.seed}`;
}

/** The case's sparse operand as dense row-major data (what it stores). */
export function sparseDataOf(c: SparseCase): number[] {
  return Array.from(operandsOf(c).sparse.data);
}

/** The case's sparse operand's shape. */
export function sparseShapeOf(c: SparseCase): number[] {
  return [...operandsOf(c).sparse.shape];
}

/** The case's dense operands in the op's argument order. */
export function denseOperandsOf(c: SparseCase): { data: number[]; shape: number[] }[] {
  return Object.values(operandsOf(c).dense).map((o) => ({
    data: Array.from(o.data),
    shape: [...o.shape],
  }));
}

/** Runs the case's op on a sparse operand and dense operands made by the caller. */
export function runOp(
  c: SparseCase,
  S: TfSparseTensor,
  dense: readonly tfType.Tensor[],
): tfType.Tensor {
  const [d0, d1] = dense as [tfType.Tensor, tfType.Tensor];
  switch (c.op) {
    case 'spmv':
      return spmv(S, d0);
    case 'spmm':
      return spmm(S, d0);
    case 'sddmm':
      return sddmm(S, d0, d1);
    case 'sparseDot':
      return sparseDot(S, d0);
    case 'toDense':
      return sparseToDense(S);
  }
}
