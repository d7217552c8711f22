/**
 * Gradients through the values of sparse results (SpGEMM, sparse sum, sparse x sparse product)
 * on the cpu and wasm backends, by the synchronous ops and by their forms on a known pattern
 * (`…OnPattern`, given the `…Async` op's result), on seeded random operands with empty rows,
 * one skewed (much longer) row, and no repeated coordinates:
 * - equal to central differences of the loss `Σ W ⊙ C²` computed in float64 from the op's own
 *   results (quarter-valued data and a quadratic loss: the differences are exact);
 * - equal to the same gradient written with dense tfjs ops (`dA = (G Bᵀ)` at `A`'s entries for a
 *   product, `G` at the entries for a sum, `G ⊙ B` for a product of two, `G = 2 W ⊙ C`);
 * - nothing leaks; with respect to positions or coordinates the gradient is a typed
 *   `SparseGradientError` naming the operand; a wrong pattern is a typed error naming it.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, SparseTensor } from '../../src/sparse-tensor/index.js';
import {
  SparseGradientError,
  sparseAdd,
  sparseAddAsync,
  sparseAddOnPattern,
  sparseMatMul,
  sparseMatMulAsync,
  sparseMatMulOnPattern,
  sparseMul,
  sparseMulAsync,
  sparseMulOnPattern,
  sparseToDense,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { thrownLeavingNoTensor } from './support/thrown-leaving-no-tensor.js';

type Combine = 'product' | 'union' | 'intersection';
const COMBINES: readonly Combine[] = ['product', 'union', 'intersection'];

const SYNC = { product: sparseMatMul, union: sparseAdd, intersection: sparseMul } as const;
const ASYNC = {
  product: sparseMatMulAsync,
  union: sparseAddAsync,
  intersection: sparseMulAsync,
} as const;
const ON_PATTERN = {
  product: sparseMatMulOnPattern,
  union: sparseAddOnPattern,
  intersection: sparseMulOnPattern,
} as const;

/** A quarter in [-2, 2], never zero. */
const quarter = (next: () => number) => Math.round(next() * 16 - 8) / 4 || 0.5;

/**
 * A random `[rows, cols]` matrix as dense data: about a third of the rows empty, one row (if any)
 * skewed to hold most of its columns, the others one to three entries; no coordinate twice.
 */
function randomData(rows: number, cols: number, next: () => number): Float32Array {
  const data = new Float32Array(rows * cols);
  const skewed = Math.floor(next() * rows);
  for (let i = 0; i < rows; i++) {
    if (i !== skewed && next() < 0.35) continue;
    const count = i === skewed ? Math.ceil(cols * 0.8) : 1 + Math.floor(next() * 3);
    for (let e = 0; e < count; e++) data[i * cols + Math.floor(next() * cols)] = quarter(next);
  }
  return data;
}

interface Case {
  readonly combine: Combine;
  readonly A: SparseTensor;
  readonly B: SparseTensor;
  readonly dataA: Float32Array;
  readonly dataB: Float32Array;
  /** The result's shape. */
  readonly shape: [number, number];
  /** Loss weights, one per result element. */
  readonly W: Float32Array;
}

/** A seeded case of `combine` with operands in `formats`. */
function randomCase(
  combine: Combine,
  seed: number,
  formats: readonly [FormatSpec, FormatSpec],
): Case {
  const next = seededRandom(seed);
  const extent = () => 1 + Math.floor(next() * 7);
  const [m, k, n] = [extent(), extent(), extent()];
  const shapeA: [number, number] = combine === 'product' ? [m, k] : [m, n];
  const shapeB: [number, number] = combine === 'product' ? [k, n] : [m, n];
  const dataA = randomData(shapeA[0], shapeA[1], next);
  const dataB = randomData(shapeB[0], shapeB[1], next);
  if (combine === 'intersection')
    // Half of A's entries shared with B, so the intersection is not empty by chance.
    dataA.forEach((v, e) => {
      if (v !== 0 && next() < 0.5) dataB[e] = quarter(next);
    });
  return {
    combine,
    A: SparseTensor.fromDense(dataA, shapeA, formats[0]),
    B: SparseTensor.fromDense(dataB, shapeB, formats[1]),
    dataA,
    dataB,
    shape: [m, n],
    W: Float32Array.from({ length: m * n }, () => quarter(next)),
  };
}

/** `Σ W ⊙ C²` over the result's stored entries, in float64 (read on a host backend). */
function lossOf(C: TfSparseTensor, W: Float32Array): number {
  const dense = C.toDense();
  const data = dense.dataSync();
  dense.dispose();
  let sum = 0;
  data.forEach((c, e) => {
    sum += (W[e] as number) * c * c;
  });
  return sum;
}

/** The loss as a taped tfjs computation of a result. */
const tapedLoss = (C: TfSparseTensor, W: tf.Tensor) =>
  tf.sum(tf.mul(W, tf.square(sparseToDense(C)))) as tf.Scalar;

/** Row-major index of each stored entry of `s` (host storage order = its values' order). */
const entryIndices = (s: SparseTensor) =>
  s
    .toCoordinates()
    .coordinates.map(([i, j]) => (i as number) * (s.shape[1] as number) + (j as number));

/** The gradients of the loss by the dense formula, at each operand's entries. */
function denseFormula(c: Case): [number[], number[]] {
  const [gA, gB] = tf.tidy(() => {
    const Ad = tf.tensor2d(c.dataA, c.A.shape as [number, number]);
    const Bd = tf.tensor2d(c.dataB, c.B.shape as [number, number]);
    const W = tf.tensor2d(c.W, c.shape);
    const Cd =
      c.combine === 'product'
        ? tf.matMul(Ad, Bd)
        : c.combine === 'union'
          ? tf.add(Ad, Bd)
          : tf.mul(Ad, Bd);
    const G = tf.mul(tf.scalar(2), tf.mul(W, Cd));
    if (c.combine === 'product')
      return [tf.matMul(G, Bd, false, true), tf.matMul(Ad, G, true, false)];
    if (c.combine === 'union') return [G, G];
    return [tf.mul(G, Bd), tf.mul(G, Ad)];
  });
  const at = (g: tf.Tensor, s: SparseTensor) => {
    const data = g.dataSync();
    return entryIndices(s).map((e) => data[e] as number);
  };
  const out: [number[], number[]] = [at(gA, c.A), at(gB, c.B)];
  tf.dispose([gA, gB]);
  return out;
}

/** Central differences of the loss in each stored value of `which` (step 1/4: exact here). */
function centralDifferences(
  run: (a: TfSparseTensor, b: TfSparseTensor) => TfSparseTensor,
  a: TfSparseTensor,
  b: TfSparseTensor,
  which: 'A' | 'B',
  W: Float32Array,
): number[] {
  const target = which === 'A' ? a : b;
  const base = Array.from(target.values.dataSync());
  const h = 0.25;
  return base.map((_, e) => {
    const lossAt = (delta: number) => {
      const shifted = base.slice();
      shifted[e] = (shifted[e] as number) + delta;
      const s = target.withValues(tf.tensor1d(shifted));
      const C = which === 'A' ? run(s, b) : run(a, s);
      const loss = lossOf(C, W);
      C.dispose();
      s.dispose();
      return loss;
    };
    return (lossAt(h) - lossAt(-h)) / (2 * h);
  });
}

/** Expects `got` equal to `want` within float32 rounding of small sums. */
function expectClose(got: ArrayLike<number>, want: readonly number[], label: string) {
  expect(got.length, label).toBe(want.length);
  want.forEach((w, e) => {
    expect(Math.abs((got[e] as number) - w), `${label} entry ${e}`).toBeLessThanOrEqual(
      1e-5 * (1 + Math.abs(w)),
    );
  });
}

const FORMAT_PAIRS: readonly (readonly [FormatSpec, FormatSpec])[] = [
  ['CSR', 'CSR'],
  ['CSR', 'COO'],
  ['COO', 'CSC'],
  ['DCSR', 'CSR'],
];

for (const backend of ['cpu', 'wasm'])
  describe(`gradients through sparse results, ${backend}`, () => {
    const use = async () => expect(await tf.setBackend(backend)).toBe(true);

    for (const combine of COMBINES)
      it(`${combine}: the synchronous op and its form on the Async op's pattern equal central differences and the dense formula`, async () => {
        await use();
        for (let seed = 1; seed <= 8; seed++) {
          const formats = FORMAT_PAIRS[seed % FORMAT_PAIRS.length] as [FormatSpec, FormatSpec];
          // The element-wise result takes A's format; the device forms take CSR.
          const c = randomCase(combine, 9100 + seed * 7 + combine.length, formats);
          const label = `${combine} seed ${seed} ${formats.join(' x ')}`;
          const before = tf.memory().numTensors;
          const a = TfSparseTensor.fromSparseTensor(c.A);
          const b = TfSparseTensor.fromSparseTensor(c.B);
          const W = tf.tensor2d(c.W, c.shape);
          const pattern = await ASYNC[combine](a, b);
          const forms = {
            sync: (x: TfSparseTensor, y: TfSparseTensor) => SYNC[combine](x, y),
            onPattern: (x: TfSparseTensor, y: TfSparseTensor) => ON_PATTERN[combine](x, y, pattern),
          };
          const formula = denseFormula(c);
          for (const [name, run] of Object.entries(forms)) {
            const [gA, gB] = tf.grads((va: tf.Tensor, vb: tf.Tensor) =>
              tapedLoss(run(a.withValues(va as tf.Tensor1D), b.withValues(vb as tf.Tensor1D)), W),
            )([a.values, b.values]) as [tf.Tensor, tf.Tensor];
            const got = [await gA.data(), await gB.data()];
            expectClose(
              got[0] as Float32Array,
              centralDifferences(run, a, b, 'A', c.W),
              `${label} ${name} dA numeric`,
            );
            expectClose(
              got[1] as Float32Array,
              centralDifferences(run, a, b, 'B', c.W),
              `${label} ${name} dB numeric`,
            );
            expectClose(got[0] as Float32Array, formula[0], `${label} ${name} dA formula`);
            expectClose(got[1] as Float32Array, formula[1], `${label} ${name} dB formula`);
            tf.dispose([gA, gB]);
          }
          for (const s of [a, b, pattern]) s.dispose();
          W.dispose();
          expect(tf.memory().numTensors, label).toBe(before);
        }
      });

    for (const combine of COMBINES)
      it(`${combine}: with respect to positions or coordinates, a SparseGradientError naming the operand`, async () => {
        await use();
        const c = randomCase(combine, 9300 + combine.length, ['CSR', 'CSR']);
        const a = TfSparseTensor.fromSparseTensor(c.A);
        const b = TfSparseTensor.fromSparseTensor(c.B);
        const pattern = await ASYNC[combine](a, b);
        const runs = {
          sync: (x: TfSparseTensor, y: TfSparseTensor) => SYNC[combine](x, y),
          onPattern: (x: TfSparseTensor, y: TfSparseTensor) => ON_PATTERN[combine](x, y, pattern),
        };
        for (const [name, run] of Object.entries(runs))
          for (const [operand, part] of [
            ['A', 'crd'],
            ['B', 'pos'],
          ] as const) {
            const s = operand === 'A' ? a : b;
            const index = (part === 'crd' ? s.coordinates[1] : s.positions[1]) as tf.Tensor1D;
            const rebuilt = (t: tf.Tensor) =>
              TfSparseTensor.fromTensors(s.shape, 'CSR', {
                values: s.values,
                positions: part === 'pos' ? [undefined, t as tf.Tensor1D] : s.positions,
                coordinates: part === 'crd' ? [undefined, t as tf.Tensor1D] : s.coordinates,
              });
            const error = thrownLeavingNoTensor(() =>
              tf.tidy(() =>
                tf.grad((t: tf.Tensor) => {
                  const x = rebuilt(t);
                  return tf.sum((operand === 'A' ? run(x, b) : run(a, x)).values);
                })(index),
              ),
            );
            const label = `${combine} ${name} ${operand} ${part}`;
            expect(error, label).toBeInstanceOf(SparseGradientError);
            expect((error as SparseGradientError).argument, label).toBe(operand);
            expect(String(error), label).toMatch(part === 'crd' ? /coordinates/ : /positions/);
          }
        for (const s of [a, b, pattern]) s.dispose();
      });

    it('a pattern that is not the result’s is a typed error naming it, leaving nothing', async () => {
      await use();
      const c = randomCase('product', 9400, ['CSR', 'CSR']);
      const a = TfSparseTensor.fromSparseTensor(c.A);
      const b = TfSparseTensor.fromSparseTensor(c.B);
      const right = sparseMatMul(a, b);
      const wrongShape = TfSparseTensor.fromSparseTensor(
        SparseTensor.fromDense(new Float32Array(4), [2, 2], 'CSR'),
      );
      const full = TfSparseTensor.fromDense(tf.ones(right.shape as [number, number]), 'CSR');
      const empty = TfSparseTensor.fromDense(tf.zeros(right.shape as [number, number]), 'CSR');
      const notSparse = tf.ones([2]);
      for (const [pattern, text] of [
        [wrongShape, /shape/],
        [full.nnz === right.nnz ? empty : full, /pattern/],
        [notSparse, /TfSparseTensor/],
        [undefined, /TfSparseTensor/],
      ] as const) {
        const error = thrownLeavingNoTensor(
          () => sparseMatMulOnPattern(a, b, pattern as never),
          String(text),
        );
        expect(isTilekitError(error), String(error)).toBe(true);
        expect((error as { argument: string }).argument).toBe('pattern');
        expect(String(error)).toMatch(text);
      }
      const denseB = tf.ones([...a.shape]);
      const dense = thrownLeavingNoTensor(() => sparseMulOnPattern(a, denseB as never, right));
      expect((dense as { argument: string }).argument).toBe('B');
      denseB.dispose();
      for (const s of [a, b, right, wrongShape, full, empty]) s.dispose();
      notSparse.dispose();
    });
  });
