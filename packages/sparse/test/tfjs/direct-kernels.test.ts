/**
 * The kernels the ops' plumbing runs without tfjs's op wrappers (src/tfjs/direct-kernels.ts)
 * against those ops themselves, on the cpu and wasm backends: the same values, shapes and dtypes
 * for seeded random inputs (empty ones included), the same gradients where the plumbing
 * differentiates through them, and no tensor left behind.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  asColumns,
  concatenated,
  countAtMost,
  countBelow,
  cumulativeSum,
  gather1d,
  gatherAt,
  int32Range,
  modOf,
  onesOf,
  reshaped,
  scatteredAt,
  slice1d,
  slice3d,
  stacked,
  sumOf,
  tensorOf,
  transposed,
  zerosOf,
} from '../../src/tfjs/direct-kernels.js';

tf.env().set('IS_TEST', true);

/** The same tensor: shape, dtype and values. */
function expectSame(actual: tf.Tensor, expected: tf.Tensor, what: string): void {
  expect(actual.shape, what).toEqual(expected.shape);
  expect(actual.dtype, what).toBe(expected.dtype);
  expect(Array.from(actual.dataSync()), what).toEqual(Array.from(expected.dataSync()));
}

/** Seeded helpers: an integer below `n`, and int32 or float32 data of a length. */
function randoms(seed: number) {
  const next = seededRandom(seed);
  const below = (n: number) => Math.floor(next() * n);
  const ints = (n: number, max: number) => Int32Array.from({ length: n }, () => below(max));
  const floats = (n: number) => Float32Array.from({ length: n }, () => Math.round(next() * 64) / 8);
  return { below, ints, floats };
}

describe.each(['cpu', 'wasm'])('direct kernels on the %s backend', (backend) => {
  it('equal tfjs ops on 60 seeded random inputs each, leaving no tensor', async () => {
    await tf.setBackend(backend);
    const before = tf.memory().numTensors;
    for (let seed = 0; seed < 60; seed++) {
      const { below, ints, floats } = randoms(seed);
      tf.tidy(() => {
        const n = below(12);
        const x = tensorOf(floats(n), 'float32');
        expectSame(x, tf.tensor1d(x.dataSync(), 'float32'), `tensorOf #${seed}`);
        const shaped = ints(6, 9);
        expectSame(
          tensorOf(shaped, 'int32', [2, 3]),
          tf.tensor2d(shaped, [2, 3], 'int32'),
          'shape',
        );

        const begin = below(n + 1);
        const size = below(n - begin + 1);
        expectSame(slice1d(x, begin, size), tf.slice(x, [begin], [size]), `slice1d #${seed}`);

        const indices = tensorOf(ints(below(10), Math.max(n, 1)), 'int32');
        if (n > 0) expectSame(gather1d(x, indices), tf.gather(x, indices), `gather1d #${seed}`);

        const start = below(5);
        const stop = start + below(20);
        const step = 1 + below(4);
        expectSame(
          int32Range(start, stop, step),
          tf.range(start, stop, step, 'int32'),
          `int32Range #${seed}`,
        );

        const a = tensorOf(ints(n, 1000), 'int32');
        const by = tf.scalar(1 + below(9), 'int32');
        expectSame(modOf(a, by), tf.mod(a, by), `modOf #${seed}`);
        expectSame(onesOf(x), tf.onesLike(x), `onesOf #${seed}`);
        expectSame(onesOf(a), tf.onesLike(a), `onesOf int32 #${seed}`);

        // Ascending ends with repeats, searched for values below, among and past them.
        const ends = tensorOf(Int32Array.from(ints(1 + below(8), 20)).sort(), 'int32');
        const values = tensorOf(ints(1 + below(10), 24), 'int32');
        expectSame(
          countAtMost(ends, values),
          tf.reshape(tf.searchSorted(ends, values, 'right'), [values.size]),
          `countAtMost #${seed}`,
        );

        const [b, k, m] = [1 + below(3), below(4), 1 + below(4)];
        const cube = tensorOf(floats(b * k * m), 'float32', [b, k, m]);
        expectSame(
          transposed(cube, [1, 0, 2]),
          tf.transpose(cube, [1, 0, 2]),
          `transposed #${seed}`,
        );
        const i = below(b);
        expectSame(
          slice3d(cube, [i, 0, 0], [1, k, m]),
          tf.slice(cube, [i, 0, 0], [1, k, m]),
          `slice3d #${seed}`,
        );
        const matrices = Array.from({ length: 1 + below(3) }, () =>
          tensorOf<tf.Rank.R2>(floats(k * m), 'float32', [k, m]),
        );
        expectSame(stacked(matrices), tf.stack(matrices), `stacked #${seed}`);
        expectSame(reshaped(cube, [k, b * m]), tf.reshape(cube, [k, b * m]), `reshaped #${seed}`);
        expectSame(reshaped(x, [n, 1]), tf.reshape(x, [n, 1]), `reshaped to 2-D #${seed}`);
        // tfjs-backend-wasm's sum of no element reads memory it never wrote (tf.sum's too).
        if (n > 0) {
          expectSame(sumOf(x), tf.sum(x), `sumOf #${seed}`);
          expectSame(sumOf(a), tf.sum(a), `sumOf int32 #${seed}`);
        }
        if (k > 0) expectSame(sumOf(cube), tf.sum(cube), `sumOf 3-D #${seed}`);
      });
    }
    expect(tf.memory().numTensors).toBe(before);
  });

  it('equal tfjs ops for the scatter, gather, scan and joins (60 seeded inputs, no tensor left)', async () => {
    await tf.setBackend(backend);
    const before = tf.memory().numTensors;
    for (let seed = 0; seed < 60; seed++) {
      const { below, ints, floats } = randoms(200 + seed);
      tf.tidy(() => {
        const shape = Array.from({ length: 1 + below(3) }, () => below(5));
        for (const dtype of ['float32', 'int32'] as const)
          expectSame(zerosOf(shape, dtype), tf.zeros(shape, dtype), `zerosOf #${seed}`);

        const n = below(12);
        const x = tensorOf(floats(n), 'float32');
        const a = tensorOf(ints(n, 100), 'int32');
        expectSame(cumulativeSum(x), tf.cumsum(x), `cumulativeSum #${seed}`);
        expectSame(cumulativeSum(a), tf.cumsum(a), `cumulativeSum int32 #${seed}`);
        const parts = Array.from({ length: 1 + below(3) }, () =>
          tensorOf(floats(below(5)), 'float32'),
        );
        expectSame(concatenated(parts), tf.concat(parts), `concatenated #${seed}`);
        const ends = tensorOf(Int32Array.from(ints(1 + below(8), 20)).sort(), 'int32');
        const values = tensorOf(ints(1 + below(10), 24), 'int32');
        expectSame(
          countBelow(ends, values),
          tf.reshape(tf.searchSorted(ends, values, 'left'), [values.size]),
          `countBelow #${seed}`,
        );

        // Distinct coordinates in a [rows, cols] matrix, as a sparse operand stores them.
        const [rows, cols] = [1 + below(5), 1 + below(5)];
        const cells = Array.from({ length: rows * cols }, (_, c) => c)
          .filter(() => below(2) === 0)
          .slice(0, 1 + below(rows * cols));
        if (cells.length === 0) return;
        const r = tensorOf(
          Int32Array.from(cells, (c) => Math.floor(c / cols)),
          'int32',
        );
        const c = tensorOf(
          Int32Array.from(cells, (c) => c % cols),
          'int32',
        );
        const indices = asColumns([r, c]);
        expectSame(indices, tf.stack([r, c], 1), `asColumns #${seed}`);
        for (const dtype of ['float32', 'int32'] as const) {
          const updates = tensorOf(
            dtype === 'int32' ? ints(cells.length, 50) : floats(cells.length),
            dtype,
          );
          expectSame(
            scatteredAt(indices, updates, [rows, cols]),
            tf.scatterND(indices, updates, [rows, cols]),
            `scatteredAt ${dtype} #${seed}`,
          );
        }
        const dense = tensorOf(floats(rows * cols), 'float32', [rows, cols]);
        expectSame(gatherAt(dense, indices), tf.gatherND(dense, indices), `gatherAt #${seed}`);
      });
    }
    expect(tf.memory().numTensors).toBe(before);
  });

  it('differentiate as the ops do (concat and cumsum)', async () => {
    await tf.setBackend(backend);
    const before = tf.memory().numTensors;
    for (let seed = 0; seed < 20; seed++) {
      const { below, floats } = randoms(300 + seed);
      tf.tidy(() => {
        const [n, m] = [below(6), 1 + below(6)];
        const x = tensorOf(floats(n), 'float32');
        const y = tensorOf(floats(m), 'float32');
        const weights = tf.tensor1d(floats(n + m));
        const direct = (p: tf.Tensor, q: tf.Tensor) =>
          tf.sum(tf.mul(cumulativeSum(concatenated([p, q] as tf.Tensor1D[])), weights));
        const viaOps = (p: tf.Tensor, q: tf.Tensor) =>
          tf.sum(tf.mul(tf.cumsum(tf.concat([p, q])), weights));
        const got = tf.grads(direct)([x, y]);
        const expected = tf.grads(viaOps)([x, y]);
        for (const [i, g] of got.entries()) expectSame(g, expected[i]!, `gradient ${i} #${seed}`);
      });
    }
    expect(tf.memory().numTensors).toBe(before);
  });

  // tfjs-backend-wasm has no UnsortedSegmentSum, which GatherV2's gradient runs.
  const gathers = backend === 'cpu';

  it('differentiate as the ops do (transpose, slice, stack, reshape, sum, and gather on cpu)', async () => {
    await tf.setBackend(backend);
    const before = tf.memory().numTensors;
    for (let seed = 0; seed < 20; seed++) {
      const { below, floats, ints } = randoms(100 + seed);
      tf.tidy(() => {
        const [b, k, m] = [1 + below(3), 1 + below(3), 1 + below(3)];
        const cube = tensorOf(floats(b * k * m), 'float32', [b, k, m]);
        const weights = tf.tensor(floats(b * k * m), [k, b, m]);
        const i = below(b);
        const indices = tensorOf(ints(1 + below(6), b * k * m), 'int32');
        const direct = (x: tf.Tensor) =>
          sumOf(
            tf.add(
              tf.add(
                tf.mul(transposed(x, [1, 0, 2]), weights),
                sumOf(stacked([reshaped(slice3d(x, [i, 0, 0], [1, k, m]), [k, m])])),
              ),
              gathers ? sumOf(gather1d(reshaped(x, [x.size]), indices)) : 0,
            ),
          );
        const viaOps = (x: tf.Tensor) =>
          tf.sum(
            tf.add(
              tf.add(
                tf.mul(tf.transpose(x, [1, 0, 2]), weights),
                tf.sum(tf.stack([tf.reshape(tf.slice(x, [i, 0, 0], [1, k, m]), [k, m])])),
              ),
              gathers ? tf.sum(tf.gather(tf.reshape(x, [x.size]), indices)) : 0,
            ),
          );
        expectSame(tf.grad(direct)(cube), tf.grad(viaOps)(cube), `gradient #${seed}`);
      });
    }
    expect(tf.memory().numTensors).toBe(before);
  });
});
