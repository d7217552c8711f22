/**
 * Smoke test of the packed package in a consumer project (run by tools/scripts/pack-check.mjs):
 * every op and a gradient on the CPU backend, checked against plain loops, and the typed error
 * for a forgotten register entry. Prints the tfjs-core version it ran against.
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import {
  convertLayout,
  KernelNotRegisteredError,
  relayout,
  TScatter,
  tgather,
  tscatter,
  unrelayout,
} from '@tilekit/tfjs-kernels';
import '@tilekit/tfjs-kernels/register-cpu';

await tf.setBackend('cpu');

function check(what, actual, expected) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}

const rows = 3;
const cols = 5;
const values = Array.from({ length: rows * cols }, (_, k) => k + 1);
const x = tf.tensor2d(values, [rows, cols]);

// Column-major layout {0,1}: element (i, j) sits at j * rows + i.
const columnMajor = new Array(rows * cols);
for (let i = 0; i < rows; i++)
  for (let j = 0; j < cols; j++) columnMajor[j * rows + i] = values[i * cols + j];
check('relayout {0,1}', Array.from(relayout(x, '{0,1}').dataSync()), columnMajor);

// 2x2 tiles, tiles row by row and each tile row-major; padding holds -1.
const tiled = [];
for (let ti = 0; ti < rows; ti += 2) {
  for (let tj = 0; tj < cols; tj += 2) {
    for (let i = ti; i < ti + 2; i++) {
      for (let j = tj; j < tj + 2; j++)
        tiled.push(i < rows && j < cols ? values[i * cols + j] : -1);
    }
  }
}
const buffer = relayout(x, '{1,0:T(2,2)}', { padValue: -1 });
check('relayout T(2,2)', Array.from(buffer.dataSync()), tiled);
check('unrelayout', Array.from(unrelayout(buffer, 'f32[3,5]{1,0:T(2,2)}').dataSync()), values);
check(
  'convertLayout',
  Array.from(convertLayout(buffer, 'f32[3,5]{1,0:T(2,2)}', '{0,1}').dataSync()),
  columnMajor,
);

// Scatter with a duplicate offset (last writer wins), then gather back.
const src = [10, 20, 30, 40, 50, 60, 70, 80];
const idx = [15, 0, 3, 3, 8, 9, 10, 11];
const scattered = new Array(16).fill(0);
for (let k = 0; k < src.length; k++) scattered[idx[k]] = src[k];
const $idx = tf.tensor2d([idx], [1, 8], 'int32');
const dst = tscatter(tf.tensor2d([src]), $idx, { dstShape: [2, 8] });
check('tscatter', Array.from(dst.dataSync()), scattered);
check(
  'tgather',
  Array.from(tgather(dst, $idx).dataSync()),
  idx.map((k) => scattered[k]),
);

// Gradient of tscatter: each source gets dy at its offset if it is that offset's last writer.
const dy = Array.from({ length: 16 }, (_, k) => k + 1);
const grad = tf.grad((s) => tscatter(s, $idx, { dstShape: [2, 8] }))(
  tf.tensor2d([src]),
  tf.tensor2d(dy, [2, 8]),
);
check(
  'tscatter gradient',
  Array.from(grad.dataSync()),
  idx.map((k, j) => (idx.lastIndexOf(k) === j ? dy[k] : 0)),
);

// A forgotten register entry is the package's typed error.
const kernel = tf.getKernel(TScatter, 'cpu');
tf.unregisterKernel(TScatter, 'cpu');
try {
  tscatter(tf.tensor2d([src]), $idx, { dstShape: [2, 8] });
  throw new Error('tscatter ran without its kernel');
} catch (error) {
  if (!(error instanceof KernelNotRegisteredError)) throw error;
} finally {
  tf.registerKernel(kernel);
}

console.log(`pack-smoke @tilekit/tfjs-kernels: ok on @tensorflow/tfjs-core ${tf.version_core}`);
