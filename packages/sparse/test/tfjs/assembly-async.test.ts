/**
 * sparseMatMulAsync, sparseAddAsync and sparseMulAsync on the cpu and wasm backends, and the
 * summation order the webgpu device assembly copies: on seeded random CSR operands (empty rows,
 * empty matrices, duplicate-heavy products), float32 and int32, the host assembly of the
 * synchronous ops with `TfSparseTensor` operands stores exactly the plain-loop reference's
 * storage (test/tfjs/support/assembly-reference.ts: values summed from 0 in the operands' entry
 * order, bit for bit), and the Promise variants resolve to the same. Bad arguments reject with
 * typed errors and leave no tensor behind.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { describe, expect, it } from 'vitest';
import type { SparseTensor } from '../../src/sparse-tensor/index.js';
import {
  sparseAddAsync,
  sparseMatMulAsync,
  sparseMulAsync,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { ASYNC_ASSEMBLY_OPS, SYNC_ASSEMBLY_OPS } from './support/assembly-ops.js';
import {
  type AssemblyCombine,
  randomPair,
  randomVector,
  referenceAssembly,
} from './support/assembly-reference.js';

const CASES = 12;

/** A row-major result's storage, its values as bits. */
async function storageOf(s: TfSparseTensor) {
  const level = s.rank - 1;
  const read = async (t: tf.Tensor1D) =>
    Array.from(new Int32Array((await t.data()).slice().buffer));
  return {
    positions: await read(s.positions[level] as tf.Tensor1D),
    coordinates: await read(s.coordinates[level] as tf.Tensor1D),
    valueBits: await read(s.values),
  };
}

/** Expects the sync and async ops on `A`, `B` to store the reference; nothing leaks. */
async function expectReference(
  combine: AssemblyCombine,
  A: SparseTensor,
  B: SparseTensor,
  label: string,
) {
  const reference = referenceAssembly(combine, A, B, A.dtype as 'float32' | 'int32');
  const before = tf.memory().numTensors;
  const a = TfSparseTensor.fromSparseTensor(A);
  const b = TfSparseTensor.fromSparseTensor(B);
  const sync = SYNC_ASSEMBLY_OPS[combine](a, b);
  const promised = await ASYNC_ASSEMBLY_OPS[combine](a, b);
  expect(await storageOf(sync), `${label} sync`).toEqual(reference);
  expect(await storageOf(promised), `${label} async`).toEqual(reference);
  for (const s of [a, b, sync, promised]) s.dispose();
  expect(tf.memory().numTensors).toBe(before);
}

for (const backend of ['cpu', 'wasm'])
  describe(`sparse results and their Promise variants, ${backend}`, () => {
    const use = async () => expect(await tf.setBackend(backend)).toBe(true);

    for (const combine of ['product', 'union', 'intersection'] as const)
      for (const dtype of ['float32', 'int32'] as const)
        it(`${combine}, ${dtype}: the plain-loop reference's storage, bit for bit`, async () => {
          await use();
          for (let seed = 1; seed <= CASES; seed++) {
            const next = seededRandom(300 + seed * 7 + dtype.length);
            const [A, B] = randomPair(combine, dtype, next, seed);
            await expectReference(combine, A, B, `seed ${seed} [${A.shape}] x [${B.shape}]`);
          }
        });

    it('sparse vectors: sum and element-wise product', async () => {
      await use();
      for (let seed = 1; seed <= CASES; seed++) {
        const next = seededRandom(500 + seed);
        const n = Math.floor(next() * 12);
        const dtype = seed % 2 === 0 ? 'int32' : 'float32';
        const [a, b] = [randomVector(n, dtype, next), randomVector(n, dtype, next)];
        for (const combine of ['union', 'intersection'] as const)
          await expectReference(combine, a, b, `seed ${seed} ${combine}`);
      }
    });

    it('a dense B in sparseMulAsync scales the stored entries as sparseMul does', async () => {
      await use();
      const A = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0, 3, 0], [2, 3]), 'CSR');
      const C = await sparseMulAsync(A, tf.tensor2d([[2], [5]]));
      expect(Array.from(await C.values.data())).toEqual([2, 4, 15]);
      A.dispose();
      C.dispose();
    });

    it('bad arguments reject with typed errors naming them, leaving nothing', async () => {
      await use();
      const a = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0, 3, 0], [2, 3]), 'CSR');
      const t = a.transpose();
      const before = tf.memory().numTensors;
      const rejects = async (call: () => Promise<unknown>, argument: string) => {
        const caught = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isTilekitError(caught), String(caught)).toBe(true);
        expect((caught as { argument: string }).argument).toBe(argument);
        expect(tf.memory().numTensors).toBe(before);
      };
      await rejects(() => sparseMatMulAsync(a, a), 'B');
      await rejects(() => sparseAddAsync(a, t), 'B');
      await rejects(() => sparseMatMulAsync(a, 3 as never), 'B');
      await rejects(() => sparseMulAsync({} as never, a), 'A');
      a.dispose();
      t.dispose();
    });
  });
