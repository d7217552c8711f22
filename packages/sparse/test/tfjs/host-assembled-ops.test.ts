/**
 * sparseMatMul (SpGEMM), sparseAdd and sparseConvert on the cpu and wasm backends: seeded random
 * sparse operands in every matrix format (rank-3 formats for the sum), results in several
 * output formats equal to dense tfjs math (`tf.matMul`, `tf.add`) on the dense tensors, their
 * storage in the format asked for and canonical (what `SparseTensor.fromStorage` accepts); bad
 * arguments give typed errors naming them; nothing leaks, errors included.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, resolveFormat, SparseTensor } from '../../src/sparse-tensor/index.js';
import {
  sparseAdd,
  sparseConvert,
  sparseMatMul,
  sparseMul,
  spmm,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { MATRIX_FORMATS, PERMUTED_CSF } from './support/formats.js';

const RANK3_FORMATS: readonly FormatSpec[] = ['COO', PERMUTED_CSF];
const CASES = 5;

/** Random quarters in [-2, 2] at `density` (sums of a few stay exact in float32). */
function randomData(size: number, density: number, next: () => number): Float32Array {
  return Float32Array.from({ length: size }, () =>
    next() < density ? Math.round(next() * 16 - 8) / 4 || 0.5 : 0,
  );
}

/** A random sparse operand of `shape` in `format` with its dense data. */
function operand(shape: number[], format: FormatSpec, next: () => number, dtype = 'float32') {
  const size = shape.reduce((a, b) => a * b, 1);
  const data = randomData(size, next() < 0.2 ? 0 : 0.1 + next() * 0.5, next);
  const values = dtype === 'int32' ? Int32Array.from(data, (v) => v * 4) : data;
  const host = SparseTensor.fromDense(values, shape, format, { dtype: dtype as 'float32' });
  return { host, values };
}

/** Expects `result` stored in `format` with the dense form of `reference`. */
async function expectResult(result: TfSparseTensor, format: FormatSpec, reference: tf.Tensor) {
  expect(result).toBeInstanceOf(TfSparseTensor);
  const resolved = resolveFormat(format, result.rank);
  expect(result.format.levels).toEqual(resolved.levels);
  expect(result.format.order).toEqual(resolved.order);
  expect(result.shape).toEqual(reference.shape);
  // toSparseTensor re-validates the storage (fromStorage).
  const host = await result.toSparseTensor();
  expect(Array.from(host.toDense(), Number)).toEqual(
    Array.from(await reference.data(), (v) => (v === 0 ? 0 : v)),
  );
}

for (const backend of ['cpu', 'wasm'])
  describe(`sparse results assembled on the host, ${backend}`, () => {
    const use = async () => expect(await tf.setBackend(backend)).toBe(true);

    for (const format of MATRIX_FORMATS)
      it(`sparseMatMul equals tf.matMul, A ${format} x B in every format, into CSR, DCSR and CSC`, async () => {
        await use();
        for (let seed = 1; seed <= CASES; seed++) {
          const next = seededRandom(100 + seed);
          const [m, k, n] = [1, 2, 3].map(() => 1 + Math.floor(next() * 8)) as number[];
          const A = operand([m as number, k as number], format, next);
          for (const formatB of MATRIX_FORMATS) {
            const B = operand([k as number, n as number], formatB, next);
            for (const out of ['CSR', 'DCSR', 'CSC'] as const) {
              const before = tf.memory().numTensors;
              const a = TfSparseTensor.fromSparseTensor(A.host);
              const C = sparseMatMul(a, B.host, out);
              const reference = tf.tidy(() =>
                tf.matMul(
                  tf.tensor2d(A.values, [m as number, k as number]),
                  tf.tensor2d(B.values, [k as number, n as number]),
                ),
              );
              await expectResult(C, out, reference);
              tf.dispose([reference]);
              C.dispose();
              a.dispose();
              expect(tf.memory().numTensors).toBe(before);
            }
          }
        }
      });

    it('sparseMatMul of int32 matrices equals tf.matMul', async () => {
      await use();
      const next = seededRandom(7);
      const A = operand([5, 6], 'CSR', next, 'int32');
      const B = operand([6, 4], 'CSC', next, 'int32');
      const C = sparseMatMul(A.host, B.host);
      expect(C.dtype).toBe('int32');
      // tfjs-wasm multiplies float32 matrices only; the products of small integers are exact.
      const reference = tf.tidy(() =>
        tf.cast(
          tf.matMul(
            tf.tensor2d(Float32Array.from(A.values), [5, 6]),
            tf.tensor2d(Float32Array.from(B.values), [6, 4]),
          ),
          'int32',
        ),
      );
      await expectResult(C, 'CSR', reference);
      C.dispose();
      reference.dispose();
    });

    for (const [rank, formats] of [
      [2, MATRIX_FORMATS],
      [3, RANK3_FORMATS],
    ] as const)
      it(`sparseAdd and sparseMul of two sparse tensors equal tf.add and tf.mul on the dense tensors, rank ${rank}, every pair of formats`, async () => {
        await use();
        for (let seed = 1; seed <= CASES; seed++) {
          const next = seededRandom(200 + 10 * rank + seed);
          const shape = Array.from({ length: rank }, () => 1 + Math.floor(next() * 7));
          for (const fa of formats)
            for (const fb of formats) {
              const A = operand(shape, fa, next);
              const B = operand(shape, fb, next);
              const before = tf.memory().numTensors;
              const C = sparseAdd(A.host, B.host);
              const resident = TfSparseTensor.fromSparseTensor(A.host);
              const P = sparseMul(resident, B.host);
              const [reference, product] = tf.tidy(() => {
                const [a, b] = [tf.tensor(A.values, shape), tf.tensor(B.values, shape)];
                return [tf.add(a, b), tf.mul(a, b)];
              });
              await expectResult(C, fa, reference as tf.Tensor);
              await expectResult(P, fa, product as tf.Tensor);
              tf.dispose([reference as tf.Tensor, product as tf.Tensor]);
              for (const x of [C, P, resident]) x.dispose();
              expect(tf.memory().numTensors).toBe(before);
            }
        }
      });

    it('sparseConvert stores the same tensor in every format; sparseConvert(A.transpose(), f) is the transpose', async () => {
      await use();
      for (let seed = 1; seed <= CASES; seed++) {
        const next = seededRandom(300 + seed);
        const shape = [1 + Math.floor(next() * 8), 1 + Math.floor(next() * 8)];
        for (const from of MATRIX_FORMATS) {
          const { host, values } = operand(shape, from, next);
          const before = tf.memory().numTensors;
          const A = TfSparseTensor.fromSparseTensor(host);
          const dense = tf.tensor2d(values, shape as [number, number]);
          const transposed = tf.transpose(dense);
          for (const to of MATRIX_FORMATS) {
            const C = sparseConvert(A, to);
            await expectResult(C, to, dense);
            C.dispose();
            const At = A.transpose();
            const T = sparseConvert(At, to);
            await expectResult(T, to, transposed);
            T.dispose();
            At.dispose();
          }
          tf.dispose([dense, transposed]);
          A.dispose();
          expect(tf.memory().numTensors).toBe(before);
        }
      }
    });

    for (const format of MATRIX_FORMATS)
      it(`gradients through sparseMatMul, sparseAdd, sparseConvert and sparse x sparse sparseMul (A ${format}) equal tf.grads of the dense math`, async () => {
        await use();
        for (let seed = 1; seed <= CASES; seed++) {
          const next = seededRandom(400 + seed);
          const [m, k, n, p] = [1, 2, 3, 4].map(() => 1 + Math.floor(next() * 7)) as [
            number,
            number,
            number,
            number,
          ];
          const A = operand([m, k], format, next);
          const B = operand([k, n], MATRIX_FORMATS[seed % 5] as FormatSpec, next);
          const A2 = operand([m, k], MATRIX_FORMATS[(seed + 3) % 5] as FormatSpec, next);
          const before = tf.memory().numTensors;
          const [a, b, a2] = [A, B, A2].map((o) => TfSparseTensor.fromSparseTensor(o.host)) as [
            TfSparseTensor,
            TfSparseTensor,
            TfSparseTensor,
          ];
          const Xn = tf.tensor2d(randomData(n * p, 1, next), [n, p]);
          const Xk = tf.tensor2d(randomData(k * p, 1, next), [k, p]);
          const W = tf.tensor2d(randomData(m * p, 1, next), [m, p]);
          const loss = (y: tf.Tensor) => tf.sum(tf.mul(y, W));
          // Each loss reads its sparse result through spmm, whose gradient reaches the values.
          const sparse = tf.tidy(() => [
            ...tf.grads((va, vb) =>
              loss(spmm(sparseMatMul(a.withValues(va as never), b.withValues(vb as never)), Xn)),
            )([a.values, b.values]),
            ...tf.grads((va, vb) =>
              loss(spmm(sparseAdd(a.withValues(va as never), a2.withValues(vb as never)), Xk)),
            )([a.values, a2.values]),
            tf.grad((va) => loss(spmm(sparseConvert(a.withValues(va as never), 'CSC'), Xk)))(
              a.values,
            ),
            ...tf.grads((va, vb) =>
              loss(spmm(sparseMul(a.withValues(va as never), a2.withValues(vb as never)), Xk)),
            )([a.values, a2.values]),
          ]);
          const dense = tf.tidy(() => {
            const [da, db, da2] = [
              tf.tensor2d(A.values, [m, k]),
              tf.tensor2d(B.values, [k, n]),
              tf.tensor2d(A2.values, [m, k]),
            ];
            return [
              ...tf.grads((x, y) => loss(tf.matMul(tf.matMul(x, y), Xn)))([da, db]),
              ...tf.grads((x, y) => loss(tf.matMul(tf.add(x, y), Xk)))([da, da2]),
              tf.grad((x) => loss(tf.matMul(x, Xk)))(da),
              ...tf.grads((x, y) => loss(tf.matMul(tf.mul(x, y), Xk)))([da, da2]),
            ];
          });
          const sampled = async (g: tf.Tensor, host: SparseTensor) => {
            const flat = await g.data();
            const cols = g.shape[1] as number;
            return host
              .toCoordinates()
              .coordinates.map(([i, j]) => flat[(i as number) * cols + (j as number)] as number);
          };
          const hosts = [A.host, B.host, A.host, A2.host, A.host, A.host, A2.host];
          for (let g = 0; g < hosts.length; g++) {
            const got = Array.from(await (sparse[g] as tf.Tensor).data());
            const want = await sampled(dense[g] as tf.Tensor, hosts[g] as SparseTensor);
            expect(got.length).toBe(want.length);
            got.forEach((v, e) => {
              expect(Math.abs(v - (want[e] as number)), `gradient ${g} entry ${e}`).toBeLessThan(
                1e-4 * (1 + Math.abs(want[e] as number)),
              );
            });
          }
          tf.dispose([...sparse, ...dense, Xn, Xk, W]);
          for (const s of [a, b, a2]) s.dispose();
          expect(tf.memory().numTensors).toBe(before);
        }
      });

    it('bad arguments give typed errors naming them and leave no tensor behind', async () => {
      await use();
      const csr = (data: number[], shape: number[], dtype: 'float32' | 'int32' = 'float32') =>
        SparseTensor.fromDense(
          dtype === 'int32' ? Int32Array.from(data) : Float32Array.from(data),
          shape,
          'CSR',
          { dtype },
        );
      const A = csr([1, 0, 2, 0, 0, 3], [2, 3]);
      const wide = csr([1, 0, 2, 0], [2, 2]);
      const ints = csr([1, 0, 2, 0, 0, 3, 1, 1, 1], [3, 3], 'int32');
      const f64 = SparseTensor.fromDense(new Float64Array([1, 0]), [1, 2], 'CSR');
      const disposed = TfSparseTensor.fromSparseTensor(A);
      disposed.dispose();
      const dense = tf.zeros([3, 3]);
      const calls: [string, () => unknown][] = [
        ['B', () => sparseMatMul(A, wide)],
        ['B', () => sparseMatMul(A, ints)],
        ['B', () => sparseMatMul(A, dense as never)],
        ['A', () => sparseMatMul(f64, A)],
        ['A', () => sparseMatMul(disposed, ints)],
        ['B', () => sparseAdd(A, wide)],
        ['B', () => sparseAdd(ints, csr([1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 3]))],
        ['A', () => sparseAdd(null as never, A)],
        ['A', () => sparseConvert(disposed, 'CSC')],
        ['format', () => sparseConvert(A, 'nonsense' as never)],
        ['format', () => sparseMatMul(A, A.transpose(), 'nonsense' as never)],
        ['format', () => sparseAdd(A, A, 'nonsense' as never)],
      ];
      const before = tf.memory().numTensors;
      for (const [argument, call] of calls) {
        const error = thrownBy(call);
        expect(isTilekitError(error), `${argument}: ${String(error)}`).toBe(true);
        expect((error as { argument?: string }).argument, String(error)).toBe(argument);
      }
      expect(tf.memory().numTensors).toBe(before);
      dense.dispose();
    });
  });
