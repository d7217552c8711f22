/**
 * The scatter that densifies sparse matrices on webgpu (src/tfjs/webgpu/scatter-dense.ts), run
 * here on the cpu backend, whose scatter and gather are tfjs's own: on seeded random matrices
 * (CSR, COO and CSC, float32 and int32, empty ones included) its values equal a plain loop over
 * the entries, and its gradient with respect to the values equals the upstream gradient at
 * each entry's coordinates (as the to-dense op's gradient gives it, and as a plain loop does up
 * to storage order), connected even with no entry, leaving no tensor behind.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { SparseTensor } from '../../src/index.js';
import '../../src/tfjs/register-cpu.js';
import { TfSparseTensor } from '../../src/tfjs/index.js';
import { scatterDense } from '../../src/tfjs/webgpu/scatter-dense.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** Seeded distinct entries of a random matrix (possibly none). */
function randomMatrix(random: () => number) {
  const below = (n: number) => Math.floor(random() * n);
  const shape = [1 + below(5), 1 + below(6)] as [number, number];
  const cells = Array.from({ length: shape[0] * shape[1] }, (_, c) => c).filter(
    () => below(3) === 0,
  );
  const tuples = cells.map((c) => [Math.floor(c / shape[1]), c % shape[1]] as [number, number]);
  const values = tuples.map(() => below(41) - 20);
  return { shape, tuples, values };
}

describe('scatterDense (the webgpu densify) on the cpu backend', () => {
  it('equals a plain loop, with the gradient at the entries (80 seeded matrices, no tensor left)', () => {
    const random = seededRandom(37);
    const before = tf.memory().numTensors;
    let empty = 0;
    for (let trial = 0; trial < 80; trial++) {
      const { shape, tuples, values } = randomMatrix(random);
      if (tuples.length === 0) empty++;
      const format = (['CSR', 'COO', 'CSC'] as const)[trial % 3]!;
      const dtype = trial % 4 === 3 ? 'int32' : 'float32';
      const host = SparseTensor.fromCoordinates(tuples, values, shape, format, { dtype });
      const A = TfSparseTensor.fromSparseTensor(host);
      const what = `${format} ${dtype} ${JSON.stringify(shape)} #${trial}`;
      tf.tidy(() => {
        const expected = new Array<number>(shape[0] * shape[1]).fill(0);
        tuples.forEach(([i, j], k) => {
          expected[i * shape[1] + j] = values[k] as number;
        });
        const dense = scatterDense(A);
        expect(dense.shape, what).toEqual(shape);
        expect(dense.dtype, what).toBe(dtype);
        expect(Array.from(dense.dataSync()), what).toEqual(expected);
        if (dtype === 'int32') return;

        const weights = tf.tensor2d(
          Float32Array.from({ length: shape[0] * shape[1] }, () => Math.round(random() * 64) / 8),
          shape,
        );
        const loss = (densify: (S: TfSparseTensor) => tf.Tensor) => (v: tf.Tensor) =>
          tf.sum(tf.mul(densify(A.withValues(v as tf.Tensor1D)), weights));
        const gradient = tf.grad(loss(scatterDense))(A.values);
        expect(gradient.shape, what).toEqual([A.nnz]);
        // The to-dense op's own gradient, in the same storage order.
        const viaOp = tf.grad(loss((S) => S.toDense()))(A.values);
        expect(Array.from(gradient.dataSync()), what).toEqual(Array.from(viaOp.dataSync()));
        // A plain loop: the weights at the entries' coordinates, whatever the storage order.
        const w = weights.dataSync();
        const atEntries = tuples.map(([i, j]) => w[i * shape[1] + j] as number);
        const sorted = (xs: Iterable<number>) => Array.from(xs).sort((a, b) => a - b);
        expect(sorted(gradient.dataSync()), what).toEqual(sorted(atEntries));
      });
      A.dispose();
    }
    expect(empty, 'some matrices are empty').toBeGreaterThan(0);
    expect(tf.memory().numTensors).toBe(before);
  });
});
