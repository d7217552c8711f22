/** Gradients of tscatter and tgather, checked numerically against finite differences. */
import { describe, expect, it } from 'vitest';
import { tgather, tscatter } from '../src/index.js';
import { expectGradientMatchesFiniteDifferences } from './support/finite-differences.js';
import { expectNoLeak, tf } from './support/tf.js';

/** Deterministic pseudo-random values in [-4, 4) (quarter steps keep float32 sums exact). */
const values = (n: number, salt: number) =>
  Array.from({ length: n }, (_, k) => (((k * 37 + salt * 11) % 32) - 16) / 4);

describe('tscatter gradient', () => {
  it('routes dy to each offset’s last writer only; overwritten and out-of-region sources get zero', () => {
    // Offsets with duplicates (3 twice in row 0, 3 again in row 1) and a valid region 2 x 6.
    const idx = tf.tensor2d([3, 3, 0, 1, 15, 2, 4, 4, 3, 7, 8, 9, 10, 11, 12, 13], [2, 8], 'int32');
    const f = (x: tf.Tensor) => tscatter(x, idx, { dstShape: [2, 8], validCol: 6 });
    const x = tf.tensor2d(values(16, 1), [2, 8]);
    const dy = tf.tensor2d(values(16, 2), [2, 8]);
    expectGradientMatchesFiniteDifferences(f, x, dy);
    // Hand-derived: only the last writers (0,2)->0, (0,3)->1, (0,4)->15, (0,5)->2, (1,0)->3,
    // (1,1)->7, (1,2)->8, (1,3)->9, (1,4)->10, (1,5)->11 receive dy at their offset.
    const dyValues = dy.dataSync();
    const expected = new Array(16).fill(0);
    const lastWriters: [number, number][] = [
      [2, 0],
      [3, 1],
      [4, 15],
      [5, 2],
      [8, 3],
      [9, 7],
      [10, 8],
      [11, 9],
      [12, 10],
      [13, 11],
    ];
    for (const [position, offset] of lastWriters) expected[position] = dyValues[offset];
    const g = tf.grad(f)(x, dy);
    expect(Array.from(g.dataSync())).toEqual(expected);
    tf.dispose([idx, x, dy, g]);
  });

  it('gives zero to entries skipped as out of bounds', () => {
    const idx = tf.tensor2d([[0, 99, 2, 3, -5, 5, 6, 7]], undefined, 'int32');
    const x = tf.tensor2d([values(8, 3)]);
    const dy = tf.tensor2d([values(8, 4)]);
    expectGradientMatchesFiniteDifferences(
      (s) => tscatter(s, idx, { dstShape: [1, 8], bounds: 'skip' }),
      x,
      dy,
    );
    tf.dispose([idx, x, dy]);
  });

  it('works per batch entry', () => {
    const idx = tf.tensor3d(
      Array.from({ length: 32 }, (_, k) => (k * 5) % 24),
      [2, 2, 8],
      'int32',
    );
    const x = tf.tensor3d(values(32, 5), [2, 2, 8]);
    const dy = tf.tensor3d(values(48, 6), [2, 3, 8]);
    expectGradientMatchesFiniteDifferences(
      (s) => tscatter(s, idx, { dstShape: [3, 8], validRow: 2, validCol: 7 }),
      x,
      dy,
    );
    tf.dispose([idx, x, dy]);
  });
});

describe('tgather gradient', () => {
  it('sums dy over every read of an offset', () => {
    const idx = tf.tensor2d([5, 5, 5, 0, 1, 1, 9, 15, 2, 2, 3, 4, 6, 7, 5, 8], [2, 8], 'int32');
    const x = tf.tensor2d(values(16, 7), [2, 8]);
    const dy = tf.tensor2d(values(16, 8), [2, 8]);
    const f = (s: tf.Tensor) => tgather(s, idx, { validRow: 2, validCol: 7 });
    expectGradientMatchesFiniteDifferences(f, x, dy);
    // Hand-derived for offset 5: read at (0,0), (0,1), (0,2) and (1,6); (1,7) is out of region.
    const d = dy.dataSync();
    const g = tf.grad(f)(x, dy);
    expect(g.dataSync()[5]).toBe(d[0]! + d[1]! + d[2]! + d[14]!);
    tf.dispose([idx, x, dy, g]);
  });

  it('second order: the gradient of the gradient round-trips through both kernels', () => {
    const idx = tf.tensor2d([[1, 1, 0, 3, 4, 5, 6, 7]], undefined, 'int32');
    const x = tf.tensor2d([values(8, 9)]);
    const dy = tf.tensor2d([values(8, 10)]);
    // g(dy) = d/dx sum(dy * tgather(x)) is linear in dy: its own gradient is checked the same way.
    const gradInDy = (w: tf.Tensor) => tf.grad((s: tf.Tensor) => tgather(s, idx))(x, w);
    expectGradientMatchesFiniteDifferences(gradInDy, dy, x);
    tf.dispose([idx, x, dy]);
  });

  it('leaves the indices without gradient and leaks nothing', () => {
    expectNoLeak(() => {
      const idx = tf.tensor2d([[1, 1, 0, 3, 4, 5, 6, 7]], undefined, 'int32');
      const x = tf.tensor2d([values(8, 11)]);
      const dy = tf.onesLike(x);
      const grads = tf.grads((s: tf.Tensor, i: tf.Tensor) => tgather(s, i))([x, idx], dy);
      expect(Array.from(grads[1]!.dataSync())).toEqual(new Array(8).fill(0));
      tf.dispose([idx, x, dy, ...grads]);
    });
  });
});
