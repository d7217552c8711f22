/**
 * TfSparseTensor built the ways users know (on the cpu backend): TensorFlow's triple with
 * tensors or arrays, scipy's COO and CSR arrays (`TfSparseTensor.from`), flat or tensor
 * `indices` and no format (`fromCoordinates`), each held to the host `SparseTensor` built by
 * `fromCoordinates` on the same seeded entries (storage read back bit for bit); `toTriple`
 * and `transpose` against the host tensor's; tensors balance on success and on every error.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { SparseError, SparseTensor } from '../../src/index.js';
import '../../src/tfjs/register-cpu.js';
import { TfSparseTensor } from '../../src/tfjs/index.js';
import { sameStorage } from '../sparse-tensor/support/reference-build.js';
import { thrownLeavingNoTensor } from './support/thrown-leaving-no-tensor.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** Seeded float32-exact entries of a random shape of `rank`, repeats included. */
function randomCase(random: () => number, rank: number) {
  const below = (n: number) => Math.floor(random() * n);
  const shape = Array.from({ length: rank }, () => 1 + below(6));
  const pool = Array.from({ length: 1 + below(8) }, () => shape.map((n) => below(n)));
  const tuples = Array.from({ length: below(15) }, () => [
    ...(pool[below(pool.length)] as number[]),
  ]);
  const values = tuples.map(() => below(200) - 100);
  return { shape, tuples, values };
}

async function expectStorage(actual: TfSparseTensor, expected: SparseTensor, what: string) {
  const host = await actual.toSparseTensor();
  expect(host.format, what).toEqual(expected.format);
  expect(host.shape, what).toEqual(expected.shape);
  const same = sameStorage(host, expected);
  expect(same, what).toBe(true);
}

describe('TfSparseTensor from the forms of TensorFlow and scipy', () => {
  it('triples (tensors or arrays), scipy COO and CSR, flat indices equal the host build (seeded)', async () => {
    const random = seededRandom(61);
    const before = tf.memory().numTensors;
    for (let trial = 0; trial < 30; trial++) {
      const rank = 1 + (trial % 3);
      const { shape, tuples, values } = randomCase(random, rank);
      const format = trial % 2 === 0 ? undefined : 'coo';
      const expected = SparseTensor.fromCoordinates(tuples, values, shape, format, {
        dtype: 'float32',
      });
      const indices = tf.tensor2d(tuples.flat(), [tuples.length, rank], 'int32');
      const valueTensor = tf.tensor1d(values, 'float32');
      const built = [
        TfSparseTensor.from({ indices, values: valueTensor, denseShape: shape }, format),
        TfSparseTensor.from({ indices: tuples, values, denseShape: shape }, format),
        TfSparseTensor.fromCoordinates(indices, valueTensor, shape, format),
        TfSparseTensor.fromCoordinates(Int32Array.from(tuples.flat()), values, shape, format),
      ];
      if (rank === 2) {
        const row = Int32Array.from(tuples, (t) => t[0] as number);
        const col = Int32Array.from(tuples, (t) => t[1] as number);
        built.push(TfSparseTensor.from({ row, col, data: values, shape }, format));
        // The same entries as CSR arrays, grouped by row (stable: the same sums).
        const order = tuples
          .map((_, k) => k)
          .sort((a, b) => (row[a] as number) - (row[b] as number));
        const indptr = new Int32Array((shape[0] as number) + 1);
        for (const k of order)
          indptr[(row[k] as number) + 1] = (indptr[(row[k] as number) + 1] as number) + 1;
        for (let r = 0; r < (shape[0] as number); r++)
          indptr[r + 1] = (indptr[r + 1] as number) + (indptr[r] as number);
        const arrays = {
          indptr: tf.tensor1d(indptr, 'int32'),
          indices: tf.tensor1d(
            Int32Array.from(order, (k) => col[k] as number),
            'int32',
          ),
          data: tf.tensor1d(Float32Array.from(order, (k) => values[k] as number)),
        };
        built.push(TfSparseTensor.from({ ...arrays, shape }, format));
        tf.dispose(Object.values(arrays));
      }
      for (const [k, s] of built.entries())
        await expectStorage(s, expected, `trial ${trial} form ${k}`);
      const triple = await (built[0] as TfSparseTensor).toTriple();
      expect(triple).toEqual(expected.toTriple());
      const transposed = (built[0] as TfSparseTensor).transpose();
      await expectStorage(transposed, expected.transpose(), `trial ${trial} transposed`);
      for (const s of [...built, transposed]) s.dispose();
      tf.dispose([indices, valueTensor]);
    }
    expect(tf.memory().numTensors).toBe(before);
  });

  it('bad input is a typed error naming the field, and leaves no tensor behind', () => {
    const bad: [() => unknown, string][] = [
      [() => TfSparseTensor.from(7 as never), 'source'],
      [
        () => TfSparseTensor.from({ indices: [[0, 9]], values: [1], denseShape: [2, 2] }),
        'indices',
      ],
      [
        () =>
          TfSparseTensor.from({
            indices: tf.tensor2d([[0, 1, 1]], undefined, 'int32'),
            values: [1],
            denseShape: [2, 2],
          }),
        'indices',
      ],
      [() => TfSparseTensor.from({ row: [0], col: [0], data: [1, 2], shape: [2, 2] }), 'data'],
      [
        () => TfSparseTensor.from({ indptr: [0, 3], indices: [0], data: [1], shape: [1, 2] }),
        'indptr',
      ],
      [() => TfSparseTensor.fromCoordinates([0, 1, 2], [1], [2, 2]), 'coordinates'],
      [
        () =>
          TfSparseTensor.from({ row: [0], col: [0], data: [1], shape: [2, 2] }, 'nope' as never),
        'format',
      ],
      [() => TfSparseTensor.fromCoordinates([[0, 1]], [1], [2, 2]).transpose([1, 1]), 'perm'],
    ];
    for (const [build, argument] of bad) {
      const error = thrownLeavingNoTensor(() => tf.tidy(() => void build()), argument);
      expect(error, argument).toBeInstanceOf(SparseError);
      expect(error, argument).toMatchObject({ argument });
    }
  });
});
