/**
 * The tfjs sparse ops on the cpu and wasm backends with operands in the level types only level
 * objects describe: every random case of the op suite with its matrix in the `loose_compressed`
 * form of its named format (MLIR's `sparse_loose.mlir`), against the same plain loops; ELL
 * (`[dense, dense, singleton]`, TACO's `espmv`) through `sparseOp`; storage with gaps between
 * loose segments refused by name on a backend. Seeded; the tensor count balances.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import type { FormatSpec } from '../../src/index.js';
import { SparseStorageError, SparseTensor } from '../../src/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { sparseMul, sparseOp, sparseToDense, TfSparseTensor } from '../../src/tfjs/index.js';
import { LOOSE_FORMATS } from '../support/loose-formats.js';
import { expectBalancedOn } from './support/balanced-on-backend.js';
import { MATRIX_FORMATS } from './support/formats.js';
import { CASE_OPS, expectCasesMatchLoops, randomCases } from './support/random-cases.js';

describe.each(['cpu', 'wasm'] as const)('loose_compressed operands on %s', (backend) => {
  it.each(CASE_OPS)('%s equals plain loops on random cases', async (op) => {
    await expectBalancedOn(tf, backend, () =>
      expectCasesMatchLoops(
        tf,
        randomCases(op, 30, 40 + CASE_OPS.indexOf(op)),
        (named) => LOOSE_FORMATS[named] as FormatSpec,
      ),
    );
  });

  it('ELL espmv through sparseOp equals a plain loop (seeded)', async () => {
    const next = seededRandom(77);
    await expectBalancedOn(tf, backend, () => {
      for (let k = 0; k < 6; k++) {
        const [slots, rows, cols] = [2 + k, 3 + k, 4 + 2 * k];
        const b = new Float32Array(slots * rows * cols);
        for (let p = 0; p < slots * rows; p++) {
          if (next() < 0.75) b[p * cols + Math.floor(next() * cols)] = 1 + Math.floor(next() * 8);
        }
        const c = Float32Array.from({ length: cols }, () => Math.floor(next() * 16) / 4 - 2);
        const expected = new Array<number>(rows).fill(0);
        for (let j = 0; j < slots; j++)
          for (let i = 0; i < rows; i++)
            for (let q = 0; q < cols; q++)
              expected[i] = Math.fround(
                (expected[i] as number) +
                  Math.fround((b[(j * rows + i) * cols + q] as number) * (c[q] as number)),
              );
        const B = SparseTensor.fromDense(b, [slots, rows, cols], ['dense', 'dense', 'singleton']);
        const op = sparseOp('a(i) = B(j,i,k) * c(k)', { B: ['dense', 'dense', 'singleton'] });
        const result = tf.tidy(() => op(B, tf.tensor1d(c)));
        const got = Array.from(result.dataSync(), (v) => (v === 0 ? 0 : v));
        result.dispose();
        expect(got).toEqual(expected.map((v) => (v === 0 ? 0 : v)));
      }
    });
  });

  it("sparseMul by a dense matrix finds each loose entry's coordinates on the backend (seeded)", async () => {
    const next = seededRandom(88);
    await expectBalancedOn(tf, backend, () => {
      for (let k = 0; k < 12; k++) {
        const [rows, cols] = [1 + Math.floor(next() * 12), 1 + Math.floor(next() * 12)];
        const a = Float32Array.from({ length: rows * cols }, () =>
          next() < 0.3 ? 1 + Math.floor(next() * 8) : 0,
        );
        const b = Float32Array.from({ length: rows * cols }, () => Math.floor(next() * 16) / 4 - 2);
        const expected = Array.from(a, (x, e) => Math.fround(x * (b[e] as number))).map((v) =>
          v === 0 ? 0 : v,
        );
        for (const format of MATRIX_FORMATS.map((named) => LOOSE_FORMATS[named] as FormatSpec)) {
          const dense = tf.tensor2d(a, [rows, cols]);
          const A = TfSparseTensor.fromDense(dense, format);
          dense.dispose();
          const product = tf.tidy(() => sparseToDense(sparseMul(A, tf.tensor2d(b, [rows, cols]))));
          const got = Array.from(product.dataSync(), (v) => (v === 0 ? 0 : v));
          product.dispose();
          A.dispose();
          expect(got, JSON.stringify(format)).toEqual(expected);
        }
      }
    });
  });

  it('storage with gaps between loose segments is refused by name, nothing leaked', async () => {
    await expectBalancedOn(tf, backend, () => {
      const attempt = () => {
        const storage = {
          values: tf.tensor1d([1, 2, 9, 3], 'float32'),
          positions: [undefined, tf.tensor1d([0, 2, 3, 4], 'int32')],
          coordinates: [undefined, tf.tensor1d([0, 2, 1, 1], 'int32')],
        };
        try {
          return TfSparseTensor.fromTensors([2, 3], ['dense', 'loose_compressed'], storage);
        } finally {
          tf.dispose([storage.values, storage.positions[1], storage.coordinates[1]] as tf.Tensor[]);
        }
      };
      expect(attempt).toThrow(SparseStorageError);
      expect(attempt).toThrow(/positions\[1\]: has gaps between its segments.*fromStorage/);
    });
  });
});
