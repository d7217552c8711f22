/**
 * A long-running page that compiles ever new sparse kernels keeps working: 1,500 distinct
 * `sparseOp` kernels on the cpu backend in Chromium (which gives a page only about a hundred
 * `WebAssembly.Memory` objects) each compute their plain-loop result, with no tensor left over.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { expect, it } from 'vitest';
import { SparseTensor } from '../../src/index.js';
import { sparseOp } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';

it('1,500 distinct sparseOp kernels run in one Chromium page', async () => {
  expect(await tf.setBackend('cpu')).toBe(true);
  const random = seededRandom(9);
  const [m, n] = [5, 4];
  const dense = Array.from({ length: m * n }, () =>
    random() < 0.4 ? Math.round(random() * 8 - 4) : 0,
  );
  const A = SparseTensor.fromDense(Float32Array.from(dense), [m, n], 'CSR');
  const xs = Array.from({ length: n }, () => Math.round(random() * 6 - 3));
  const before = tf.memory().numTensors;
  for (let k = 0; k < 1500; k++) {
    // A different constant makes a different kernel (and engine module) each time.
    const op = sparseOp(`y(i) = ${k} * A(i,j) * x(j)`, { A: 'CSR' }, { engine: 'wasm' });
    const y = tf.tidy(() => op(A, tf.tensor1d(xs)));
    const expected = Array.from({ length: m }, (_, i) =>
      xs.reduce((sum, x, j) => sum + k * (dense[i * n + j] as number) * x, 0),
    );
    expect(
      Array.from(await y.data(), (v) => (v === 0 ? 0 : v)),
      `kernel ${k}`,
    ).toEqual(expected.map((v) => (v === 0 ? 0 : v)));
    y.dispose();
  }
  expect(tf.memory().numTensors).toBe(before);
}, 600_000);
