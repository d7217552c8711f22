/**
 * The suite of the ops whose result keeps a sparse input's pattern (sparseMul, sparseDiagScale,
 * sparseWithValues), run on every backend (cpu and wasm in Node, webgl and webgpu in Chromium):
 * seeded random sparse tensors in every matrix format and rank-3 formats, the results (read back
 * asynchronously and densified on the host) equal to dense tfjs math on the dense tensor
 * (`tf.mul`, `tf.matMul`) on the same backend, the result's pattern equal to the input's;
 * gradients with respect to the dense operands and the values equal to `tf.grads` of the dense
 * computation; bad arguments give typed errors naming them; no case leaves a tensor behind.
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, SparseTensor } from '../../../src/sparse-tensor/index.js';
import {
  sparseAdd,
  sparseConvert,
  sparseDiagScale,
  sparseMatMul,
  sparseMul,
  sparseWithValues,
  spmm,
  TfSparseTensor,
} from '../../../src/tfjs/index.js';
import { MATRIX_FORMATS, PERMUTED_CSF } from './formats.js';

/** Rank-3 formats: COO, a CSF in a permuted mode order, a dense-led one. */
const RANK3_FORMATS: readonly FormatSpec[] = [
  'COO',
  PERMUTED_CSF,
  ['dense', 'compressed(nonunique)', 'singleton'],
];

/**
 * Formats whose `spmm` runs on every backend with a device-resident operand (WebGPU refuses a
 * CSC or DCSC TfSparseTensor there: it has no parallel form), used by the gradient cases.
 */
const SPMM_FORMATS: readonly FormatSpec[] = ['CSR', 'DCSR', 'COO'];

/** Random data in quarters in [-2, 2] (products of three and sums of a few stay exact in f32). */
function quarters(size: number, next: () => number, density = 1): number[] {
  return Array.from({ length: size }, () =>
    next() < density ? Math.round(next() * 16 - 8) / 4 || 0.25 : 0,
  );
}

/** A random sparse tensor on the backend with its dense form and its entries' coordinates. */
function randomSparse(shape: readonly number[], format: FormatSpec, seed: number) {
  const next = seededRandom(seed);
  const size = shape.reduce((a, b) => a * b, 1);
  // Every third case is empty; the others vary in density, some rows left empty.
  const density = seed % 3 === 0 ? 0 : 0.15 + next() * 0.4;
  const data = Float32Array.from(quarters(size, next, density));
  const host = SparseTensor.fromDense(data, shape, format, { dtype: 'float32' });
  return { host, data, coordinates: host.toCoordinates().coordinates };
}

/** A random shape of `rank` (extents 1..9). */
function randomShape(rank: number, next: () => number): number[] {
  return Array.from({ length: rank }, () => 1 + Math.floor(next() * 9));
}

/** `x` read asynchronously (synchronous reads return zeros on headless WebGPU), -0 as 0. */
async function read(t: tf.Tensor): Promise<number[]> {
  return Array.from(await t.data(), (v) => (v === 0 ? 0 : v));
}

/** Expects `actual` to equal `expected` within float32 rounding. */
function expectClose(actual: readonly number[], expected: readonly number[], what: string): void {
  expect(actual.length, what).toBe(expected.length);
  actual.forEach((a, k) => {
    const e = expected[k] as number;
    if (Math.abs(a - e) > 1e-5 * (1 + Math.abs(e)))
      expect.fail(`${what}: element ${k} is ${a}, expected ${e}`);
  });
}

/**
 * Checks a same-pattern result: the pattern is `A`'s (positions and coordinates equal), and its
 * dense form (densified on the host from the read-back storage) equals `reference`.
 */
async function expectSparseResult(
  result: TfSparseTensor,
  A: SparseTensor,
  reference: tf.Tensor,
  what: string,
): Promise<void> {
  expect(result).toBeInstanceOf(TfSparseTensor);
  expect(result.shape, what).toEqual(A.shape);
  expect(result.format.levels, what).toEqual(A.format.levels);
  expect(result.format.order, what).toEqual(A.format.order);
  const host = await result.toSparseTensor();
  expect(host.toCoordinates().coordinates, what).toEqual(A.toCoordinates().coordinates);
  expectClose(Array.from(host.toDense(), Number), await read(reference), what);
}

/** Runs `body` (which disposes what it makes) and expects the tensor count to balance. */
async function balanced(body: () => Promise<void>): Promise<void> {
  const before = tf.memory().numTensors;
  await body();
  expect(tf.memory().numTensors).toBe(before);
}

/** The shapes a dense operand of sparseMul may take against `shape`, with their names. */
function broadcastShapes(shape: readonly number[]): [string, number[]][] {
  const last = shape.length - 1;
  const ones = shape.map(() => 1);
  return [
    ['full', [...shape]],
    ['trailing vector', [shape[last] as number]],
    ['leading column', shape.map((d, k) => (k === 0 ? d : 1))],
    ['trailing row', shape.map((d, k) => (k === last ? d : 1))],
    ['one element', ones],
    ['scalar tensor', []],
  ];
}

/** What the suite needs of a backend besides its name. */
export interface SamePatternBackend {
  readonly name: string;
  /** Settings applied once the backend is active. */
  readonly prepare?: () => void;
  /** Synchronous reads of GPU-only data so far (a GPU backend's read-back counter). */
  readonly synchronousReads?: () => number;
}

/**
 * Registers the suite on `backend` (its tests switch to it), `cases` seeded cases per test. On a
 * backend that counts synchronous reads, the ops must make none.
 */
export function describeSamePatternSuite(backend: SamePatternBackend, cases = 4): void {
  const useBackend = async () => {
    if (tf.getBackend() !== backend.name) expect(await tf.setBackend(backend.name)).toBe(true);
    backend.prepare?.();
  };
  /** Runs the ops of `make` and expects them to read no GPU data back synchronously. */
  const withoutReads = <T>(make: () => T): T => {
    const before = backend.synchronousReads?.();
    const made = make();
    expect(backend.synchronousReads?.()).toBe(before);
    return made;
  };

  describe(`same-pattern sparse results on ${backend.name}`, () => {
    for (const [rank, formats] of [
      [2, MATRIX_FORMATS],
      [3, RANK3_FORMATS],
    ] as const)
      for (const format of formats)
        it(`sparseMul (every broadcast) equals tf.mul on the dense tensor, rank ${rank} ${JSON.stringify(format)}`, async () => {
          await useBackend();
          for (let seed = 1; seed <= cases; seed++) {
            const next = seededRandom(1000 * rank + seed);
            const shape = randomShape(rank, next);
            const { host, data } = randomSparse(shape, format, seed);
            for (const [name, bShape] of broadcastShapes(shape))
              await balanced(async () => {
                const size = bShape.reduce((a, b) => a * b, 1);
                const B = tf.tensor(quarters(size, next), bShape);
                const A = TfSparseTensor.fromSparseTensor(host);
                const dense = tf.tensor(data, shape);
                const result = withoutReads(() => sparseMul(A, B));
                const reference = tf.mul(dense, B);
                await expectSparseResult(
                  result,
                  host,
                  reference,
                  `${name} [${bShape}] seed ${seed}`,
                );
                // A host SparseTensor and a plain number work too.
                const fromHost = sparseMul(host, 3);
                const scaled = tf.mul(dense, 3);
                await expectSparseResult(fromHost, host, scaled, `host x 3 seed ${seed}`);
                tf.dispose([B, dense, reference, scaled]);
                A.dispose();
                result.dispose();
                fromHost.dispose();
              });
          }
        });

    for (const format of MATRIX_FORMATS)
      it(`sparseDiagScale equals diag(r) A diag(c) on the dense matrix, ${JSON.stringify(format)}`, async () => {
        await useBackend();
        for (let seed = 1; seed <= cases; seed++) {
          const next = seededRandom(5000 + seed);
          const [m, n] = randomShape(2, next) as [number, number];
          const { host, data } = randomSparse([m, n], format, seed);
          await balanced(async () => {
            const A = TfSparseTensor.fromSparseTensor(host);
            const r = tf.tensor1d(quarters(m, next));
            const c = tf.tensor1d(quarters(n, next));
            const dense = tf.tensor2d(data, [m, n]);
            const [rows, both, columns] = tf.tidy(() => {
              const rowsScaled = tf.mul(tf.reshape(r, [m, 1]), dense);
              return [
                rowsScaled,
                tf.mul(rowsScaled, tf.reshape(c, [1, n])),
                tf.mul(dense, tf.reshape(c, [1, n])),
              ];
            }) as [tf.Tensor, tf.Tensor, tf.Tensor];
            const results = withoutReads(() => [
              sparseDiagScale(A, r, c),
              sparseDiagScale(A, r, null),
              sparseDiagScale(A, null, c),
              sparseDiagScale(host, r),
              sparseDiagScale(A, null),
            ]);
            const references = [both, rows, columns, rows, dense];
            for (let k = 0; k < results.length; k++)
              await expectSparseResult(
                results[k] as TfSparseTensor,
                host,
                references[k] as tf.Tensor,
                `form ${k} seed ${seed}`,
              );
            results.forEach((s) => {
              s.dispose();
            });
            tf.dispose([r, c, dense, rows, both, columns]);
            A.dispose();
          });
        }
      });

    it('int32 values: sparseMul and sparseDiagScale equal tf.mul on the dense int32 tensor', async () => {
      await useBackend();
      for (let seed = 1; seed <= cases; seed++) {
        const next = seededRandom(7000 + seed);
        const [m, n] = randomShape(2, next) as [number, number];
        const data = Int32Array.from(quarters(m * n, next, 0.4), (v) => v * 4);
        const host = SparseTensor.fromDense(data, [m, n], 'CSR', { dtype: 'int32' });
        await balanced(async () => {
          const B = tf.tensor2d(
            Int32Array.from(quarters(m * n, next), (v) => v * 4),
            [m, n],
          );
          const r = tf.tensor1d(Int32Array.from(quarters(m, next), (v) => v * 4));
          const dense = tf.tensor2d(data, [m, n]);
          const [product, scaled] = tf.tidy(() => [
            tf.mul(dense, B),
            tf.mul(tf.reshape(r, [m, 1]), dense),
          ]) as [tf.Tensor, tf.Tensor];
          const results = withoutReads(() => [sparseMul(host, B), sparseDiagScale(host, r)]);
          for (const result of results) expect(result.dtype).toBe('int32');
          await expectSparseResult(
            results[0] as TfSparseTensor,
            host,
            product,
            `int32 mul ${seed}`,
          );
          await expectSparseResult(
            results[1] as TfSparseTensor,
            host,
            scaled,
            `int32 diag ${seed}`,
          );
          results.forEach((x) => {
            x.dispose();
          });
          tf.dispose([B, r, dense, product, scaled]);
        });
      }
    });

    it('a result outlives its input and stays whole through tf.tidy', async () => {
      await useBackend();
      const { host, data } = randomSparse([5, 4], 'CSR', 2);
      await balanced(async () => {
        const A = TfSparseTensor.fromSparseTensor(host);
        const result = tf.tidy(() => sparseMul(A, tf.fill([1, 4], 2)) as never) as TfSparseTensor;
        A.dispose();
        expect(result.isDisposed).toBe(false);
        const reference = tf.tidy(() => tf.mul(tf.tensor2d(data, [5, 4]), 2));
        await expectSparseResult(result, host, reference, 'after A.dispose()');
        result.dispose();
        reference.dispose();
      });
    });

    it('sparseWithValues keeps the pattern with the given values (tensor or numbers)', async () => {
      await useBackend();
      for (const format of [...MATRIX_FORMATS, ...RANK3_FORMATS]) {
        const rank = typeof format === 'string' && format !== 'COO' ? 2 : 3;
        const shape = rank === 2 ? [6, 7] : [3, 4, 5];
        const { host, coordinates } = randomSparse(shape, format, 7);
        await balanced(async () => {
          const A = TfSparseTensor.fromSparseTensor(host);
          const values = Array.from({ length: host.nnz }, (_, k) => k + 1);
          const strides = shape.map((_, d) => shape.slice(d + 1).reduce((a, b) => a * b, 1));
          const expected = new Array(shape.reduce((a, b) => a * b, 1)).fill(0);
          coordinates.forEach((c, k) => {
            expected[c.reduce((at, x, d) => at + x * (strides[d] as number), 0)] = k + 1;
          });
          const reference = tf.tensor(expected, shape);
          const v = tf.tensor1d(values);
          for (const result of [sparseWithValues(A, v), sparseWithValues(host, values)]) {
            await expectSparseResult(result, host, reference, JSON.stringify(format));
            result.dispose();
          }
          // The result owns its tensors: A and v stay usable.
          expect(A.isDisposed).toBe(false);
          expect(v.isDisposed).toBe(false);
          tf.dispose([reference, v]);
          A.dispose();
        });
      }
    });

    for (const format of SPMM_FORMATS)
      it(`gradients through spmm equal tf.grads of the dense computation, ${JSON.stringify(format)}`, async () => {
        await useBackend();
        for (let seed = 1; seed <= cases; seed++) {
          const next = seededRandom(9000 + seed);
          const [m, n] = randomShape(2, next) as [number, number];
          const p = 1 + Math.floor(next() * 4);
          const { host, data, coordinates } = randomSparse([m, n], format, seed + 1);
          await balanced(async () => {
            const A = TfSparseTensor.fromSparseTensor(host);
            const dense = tf.tensor2d(data, [m, n]);
            const B = tf.tensor2d(quarters(m * n, next), [m, n]);
            const r = tf.tensor1d(quarters(m, next));
            const c = tf.tensor1d(quarters(n, next));
            const X = tf.tensor2d(quarters(n * p, next), [n, p]);
            const W = tf.tensor2d(quarters(m * p, next), [m, p]);
            const loss = (y: tf.Tensor) => tf.sum(tf.mul(y, W));
            // d/dB, d/dr, d/dc and d/dvalues of the sparse forms.
            const sparseGrads = tf.tidy(() =>
              tf.grads((b, rs, cs, v) =>
                loss(
                  spmm(
                    sparseDiagScale(sparseMul(sparseWithValues(A, v), b), rs, cs),
                    X as tf.Tensor2D,
                  ),
                ),
              )([B, r, c, A.values]),
            );
            // The same on the dense matrix, its values' gradient sampled at the stored entries.
            const denseGrads = tf.tidy(() =>
              tf.grads((b, rs, cs, d) =>
                loss(
                  tf.matMul(
                    tf.mul(tf.mul(tf.reshape(rs, [m, 1]), tf.mul(d, b)), tf.reshape(cs, [1, n])),
                    X,
                  ),
                ),
              )([B, r, c, dense]),
            );
            const names = ['B', 'rowScale', 'columnScale'];
            for (let k = 0; k < 3; k++)
              expectClose(
                await read(sparseGrads[k] as tf.Tensor),
                await read(denseGrads[k] as tf.Tensor),
                `d/d${names[k]} seed ${seed}`,
              );
            const denseValuesGrad = await read(denseGrads[3] as tf.Tensor);
            expectClose(
              await read(sparseGrads[3] as tf.Tensor),
              coordinates.map(
                ([i, j]) => denseValuesGrad[(i as number) * n + (j as number)] as number,
              ),
              `d/dvalues seed ${seed}`,
            );
            // With no scale at all (a copy of the values), the gradient passes through.
            const [copyGrad, denseCopyGrad] = tf.tidy(() => [
              tf.grad((v) => loss(spmm(sparseDiagScale(sparseWithValues(A, v), null), X)))(
                A.values,
              ),
              tf.grad((d) => loss(tf.matMul(d, X)))(dense),
            ]) as [tf.Tensor, tf.Tensor];
            const denseCopy = await read(denseCopyGrad);
            expectClose(
              await read(copyGrad),
              coordinates.map(([i, j]) => denseCopy[(i as number) * n + (j as number)] as number),
              `d/dvalues of a copy, seed ${seed}`,
            );
            tf.dispose([...sparseGrads, ...denseGrads, copyGrad, denseCopyGrad, dense, B, r, c]);
            tf.dispose([X, W]);
            A.dispose();
          });
        }
      });

    it('sparseMatMul, sparseAdd, sparseConvert and sparse x sparse sparseMul of host SparseTensors equal dense tfjs math', async () => {
      await useBackend();
      for (let seed = 1; seed <= cases; seed++) {
        const next = seededRandom(8000 + seed);
        const [m, k, n] = randomShape(3, next) as [number, number, number];
        const A = randomSparse([m, k], MATRIX_FORMATS[seed % 5] as FormatSpec, seed + 1);
        const B = randomSparse([k, n], MATRIX_FORMATS[(seed + 2) % 5] as FormatSpec, seed + 2);
        const A2 = randomSparse([m, k], 'COO', seed + 4);
        await balanced(async () => {
          const [product, sum, dense, elementwise] = tf.tidy(() => {
            const a = tf.tensor2d(A.data, [m, k]);
            const a2 = tf.tensor2d(A2.data, [m, k]);
            return [tf.matMul(a, tf.tensor2d(B.data, [k, n])), tf.add(a, a2), a, tf.mul(a, a2)];
          }) as [tf.Tensor, tf.Tensor, tf.Tensor, tf.Tensor];
          // The operands' patterns are on the host: nothing is read back on any backend.
          const [C, S, T, P] = withoutReads(() => [
            sparseMatMul(A.host, B.host),
            sparseAdd(A.host, A2.host, 'DCSR'),
            sparseConvert(A.host, 'CSC'),
            sparseMul(A2.host, A.host),
          ]);
          for (const [result, reference, format] of [
            [C, product, 'CSR'],
            [S, sum, 'DCSR'],
            [T, dense, 'CSC'],
            [P, elementwise, 'COO'],
          ] as const) {
            expect(result.format.levels, format).toEqual(
              SparseTensor.fromDense(new Float32Array(1), [1, 1], format).format.levels,
            );
            const host = await result.toSparseTensor();
            expectClose(Array.from(host.toDense(), Number), await read(reference), format);
            result.dispose();
          }
          tf.dispose([product, sum, dense, elementwise]);
        });
      }
    });

    if (backend.name === 'webgl' || backend.name === 'webgpu')
      it('the ops that assemble on the host refuse a TfSparseTensor on the GPU with a typed error', async () => {
        await useBackend();
        const host = SparseTensor.fromDense(Float32Array.from([1, 0, 2, 3]), [2, 2], 'CSR', {
          dtype: 'float32',
        });
        const A = TfSparseTensor.fromSparseTensor(host);
        await balanced(async () => {
          for (const [argument, call] of [
            ['A', () => sparseMatMul(A, host)],
            ['B', () => sparseAdd(host, A)],
            ['A', () => sparseConvert(A, 'CSC')],
            ['B', () => sparseMul(host, A)],
          ] as const) {
            const error = thrownBy(call);
            expect(isTilekitError(error), String(error)).toBe(true);
            expect((error as { argument?: string }).argument).toBe(argument);
            expect(String(error)).toContain(backend.name);
          }
        });
        A.dispose();
      });

    it('bad arguments give typed errors naming them and leave no tensor behind', async () => {
      await useBackend();
      const host = SparseTensor.fromDense(Float32Array.from([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR', {
        dtype: 'float32',
      });
      const rank3 = SparseTensor.fromDense(Float32Array.from([1, 0, 0, 2]), [1, 2, 2], 'COO', {
        dtype: 'float32',
      });
      const disposed = TfSparseTensor.fromSparseTensor(host);
      disposed.dispose();
      const A = TfSparseTensor.fromSparseTensor(host);
      const i32 = tf.tensor1d([1, 2, 3], 'int32');
      const gone = tf.tensor1d([1, 2, 3]);
      gone.dispose();
      const [matrix, square, batch, column] = [
        [2, 3],
        [2, 2],
        [1, 2, 3],
        [3, 1],
      ].map((shape) => tf.zeros(shape)) as [tf.Tensor, tf.Tensor, tf.Tensor, tf.Tensor];
      const calls: [string, () => unknown][] = [
        ['A', () => sparseMul(matrix as never, 2)],
        ['A', () => sparseMul(disposed, 2)],
        ['B', () => sparseMul(A, i32)],
        ['B', () => sparseMul(A, square)],
        ['B', () => sparseMul(A, batch)],
        ['B', () => sparseMul(A, 'two' as never)],
        ['B', () => sparseMul(A, gone)],
        ['A', () => sparseDiagScale(rank3, [1])],
        ['rowScale', () => sparseDiagScale(A, [1, 2, 3])],
        ['columnScale', () => sparseDiagScale(A, null, column)],
        ['columnScale', () => sparseDiagScale(A, null, i32)],
        ['values', () => sparseWithValues(A, [1, 2])],
        ['values', () => sparseWithValues(A, gone)],
        ['values', () => sparseWithValues(A, [[1, 2, 3]])],
        ['A', () => sparseWithValues(null as never, [1])],
      ];
      await balanced(async () => {
        for (const [argument, call] of calls) {
          const error = thrownBy(call);
          expect(isTilekitError(error), `${argument}: ${String(error)}`).toBe(true);
          expect((error as { argument?: string }).argument).toBe(argument);
        }
      });
      tf.dispose([i32, matrix, square, batch, column]);
      A.dispose();
    });
  });
}
