/** TSCATTER/TGATHER semantics against the plain reference loops, on random and hand-made tiles. */
import { referenceTGather, referenceTScatter, seededRandom } from '@tilekit/conformance/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tgather, tscatter } from '../src/index.js';
import { expectNoLeak, tf } from './support/tf.js';

/** A random scatter case on 4-byte data (tile widths multiples of 8 keep rows 32-byte aligned). */
const scatterCase = fc
  .record({
    dstRows: fc.integer({ min: 1, max: 6 }),
    dstCols: fc.constantFrom(8, 16, 24),
    srcRows: fc.integer({ min: 1, max: 6 }),
    srcCols: fc.constantFrom(8, 16, 24),
    idxRows: fc.integer({ min: 1, max: 6 }),
    idxCols: fc.constantFrom(8, 16),
    dtype: fc.constantFrom('float32' as const, 'int32' as const),
    seed: fc.integer(),
  })
  .chain((s) => {
    const dstSize = s.dstRows * s.dstCols;
    return fc.record({
      shape: fc.constant(s),
      validRow: fc.integer({ min: 0, max: Math.min(s.idxRows, s.srcRows) }),
      validCol: fc.integer({ min: 0, max: Math.min(s.idxCols, s.srcCols) }),
      src: fc.array(fc.integer({ min: -1000, max: 1000 }), {
        minLength: s.srcRows * s.srcCols,
        maxLength: s.srcRows * s.srcCols,
      }),
      // Small offset ranges force duplicates often.
      idx: fc.array(fc.integer({ min: 0, max: dstSize - 1 }), {
        minLength: s.idxRows * s.idxCols,
        maxLength: s.idxRows * s.idxCols,
      }),
    });
  });

/** The tile shapes and dtype of a case. */
interface TileShape {
  readonly srcRows: number;
  readonly srcCols: number;
  readonly idxRows: number;
  readonly idxCols: number;
  readonly dstRows: number;
  readonly dstCols: number;
  readonly dtype: 'float32' | 'int32';
}

/** Runs `op` on fresh tensors and expects the reference loop's values, its dtype and no leak. */
function expectMatchesReference(
  op: 'tscatter' | 'tgather',
  s: TileShape,
  src: number[],
  idx: number[],
  validRow: number,
  validCol: number,
): void {
  const run = op === 'tscatter' ? tscatter : tgather;
  const reference = op === 'tscatter' ? referenceTScatter : referenceTGather;
  const dstShape: [number, number] = [s.dstRows, s.dstCols];
  expectNoLeak(() => {
    const out = tf.tidy(() =>
      run(
        tf.tensor2d(src, [s.srcRows, s.srcCols], s.dtype),
        tf.tensor2d(idx, [s.idxRows, s.idxCols], 'int32'),
        { dstShape, validRow, validCol },
      ),
    );
    const expected = reference({
      src,
      srcShape: [s.srcRows, s.srcCols],
      idx,
      idxShape: [s.idxRows, s.idxCols],
      dstShape,
      validRow,
      validCol,
    });
    expect(out.dtype).toBe(s.dtype);
    expect(Array.from(out.dataSync())).toEqual(expected);
    out.dispose();
  });
}

describe('tscatter', () => {
  it('matches the reference loop on random tiles, valid regions and duplicate offsets', () => {
    fc.assert(
      fc.property(scatterCase, ({ shape: s, validRow, validCol, src, idx }) => {
        expectMatchesReference('tscatter', s, src, idx, validRow, validCol);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('resolves duplicate offsets to the last writer in row-major order', () => {
    // Row 0 writes 10, 11 to offset 3; row 1 writes 20 to offset 3 last: 20 wins.
    const src = tf.tensor2d([10, 11, 0, 0, 0, 0, 0, 0, 20, 21, 0, 0, 0, 0, 0, 0], [2, 8]);
    const idx = tf.tensor2d([3, 3, 9, 9, 9, 9, 9, 9, 3, 5, 9, 9, 9, 9, 9, 9], [2, 8], 'int32');
    const out = tscatter(src, idx, { dstShape: [2, 8], validRow: 2, validCol: 2 });
    const expected = new Array(16).fill(0);
    expected[3] = 20;
    expected[5] = 21;
    expect(Array.from(out.dataSync())).toEqual(expected);
    tf.dispose([src, idx, out]);
  });

  it('writes into any column of the destination, padding columns included', () => {
    // A destination 8 wide whose logical data is 5 wide: offset 6 is a padding column of row 0.
    const out = tf.tidy(() =>
      tscatter(
        tf.tensor2d([[7, 0, 0, 0, 0, 0, 0, 0]]),
        tf.tensor2d([[6, 0, 0, 0, 0, 0, 0, 0]], undefined, 'int32'),
        {
          dstShape: [2, 8],
          validCol: 1,
        },
      ),
    );
    expect(Array.from(out.dataSync())).toEqual([0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    out.dispose();
  });

  it('treats a leading dimension as a batch of independent tiles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.float({ noNaN: true, min: -5, max: 5 }), {
          minLength: 4 * 16,
          maxLength: 4 * 16,
        }),
        fc.array(fc.integer({ min: 0, max: 23 }), { minLength: 4 * 16, maxLength: 4 * 16 }),
        (batch, srcValues, idxValues) => {
          expectNoLeak(() => {
            const n = batch * 16;
            const src = tf.tensor3d(srcValues.slice(0, n), [batch, 2, 8]);
            const idx = tf.tensor3d(idxValues.slice(0, n), [batch, 2, 8], 'int32');
            const options = { dstShape: [3, 8], validRow: 2, validCol: 5 } as const;
            const batched = tscatter(src, idx, options);
            expect(batched.shape).toEqual([batch, 3, 8]);
            const perTile = tf.tidy(() =>
              tf.stack(tf.unstack(src).map((s, b) => tscatter(s, tf.unstack(idx)[b]!, options))),
            );
            expect(Array.from(batched.dataSync())).toEqual(Array.from(perTile.dataSync()));
            tf.dispose([src, idx, batched, perTile]);
          });
        },
      ),
      { seed: 42, numRuns: 30 },
    );
  });

  it('accepts a batched dstShape and tensor-like inputs', () => {
    const out = tscatter([[[1, 2, 3, 4, 5, 6, 7, 8]]], [[[7, 6, 5, 4, 3, 2, 1, 0]]], {
      dstShape: [1, 1, 8],
    });
    expect(out.shape).toEqual([1, 1, 8]);
    expect(Array.from(out.dataSync())).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    out.dispose();
  });

  it('never mutates its inputs', () => {
    const src = tf.tensor2d([5, 6, 7, 8, 9, 10, 11, 12], [1, 8]);
    const idx = tf.tensor2d([1, 1, 2, 3, 4, 5, 6, 7], [1, 8], 'int32');
    tscatter(src, idx, { dstShape: [1, 8] }).dispose();
    expect(Array.from(src.dataSync())).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(Array.from(idx.dataSync())).toEqual([1, 1, 2, 3, 4, 5, 6, 7]);
    tf.dispose([src, idx]);
  });
});

describe('tgather', () => {
  it('matches the reference loop on random tiles', () => {
    fc.assert(
      fc.property(scatterCase, ({ shape: s, src, idx }) => {
        // Gather reads the data tile by flat offset: offsets must address the src tile here.
        const srcSize = s.srcRows * s.srcCols;
        const offsets = idx.map((k) => k % srcSize);
        const validRow = Math.min(s.idxRows, s.dstRows);
        const validCol = Math.min(s.idxCols, s.dstCols);
        expectMatchesReference('tgather', s, src, offsets, validRow, validCol);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('defaults the output to the index tile shape', () => {
    const out = tgather(
      tf.tensor2d([[1, 2, 3, 4, 5, 6, 7, 8]]),
      tf.tensor2d([[2, 2, 0, 1, 7, 7, 7, 7]], undefined, 'int32'),
    );
    expect(out.shape).toEqual([1, 8]);
    expect(Array.from(out.dataSync())).toEqual([3, 3, 1, 2, 8, 8, 8, 8]);
    out.dispose();
  });
});

describe('tgather(tscatter(src, idx), idx) restores src', () => {
  it('on duplicate-free offsets, within the valid region (zeros outside)', () => {
    const rowCount = fc.integer({ min: 1, max: 4 });
    fc.assert(
      fc.property(
        rowCount,
        rowCount,
        fc.nat(),
        fc.constantFrom('float32' as const, 'int32' as const),
        (rows, extraRows, seed, dtype) => {
          const cols = 8;
          const dst: [number, number] = [rows + extraRows, 16];
          const size = rows * cols;
          // Distinct offsets: a seeded shuffle of the destination's offsets, first `size` of them.
          const pool = Array.from({ length: dst[0] * dst[1] }, (_, k) => k);
          const random = seededRandom(seed);
          for (let k = pool.length - 1; k > 0; k--) {
            const r = Math.floor(random() * (k + 1));
            [pool[k], pool[r]] = [pool[r]!, pool[k]!];
          }
          const values = Array.from({ length: size }, (_, k) => k * 3 - 7);
          const validRow = Math.max(1, rows - 1);
          const validCol = 6;
          expectNoLeak(() => {
            const back = tf.tidy(() => {
              const src = tf.tensor2d(values, [rows, cols], dtype);
              const idx = tf.tensor2d(pool.slice(0, size), [rows, cols], 'int32');
              const scattered = tscatter(src, idx, { dstShape: dst, validRow, validCol });
              return tgather(scattered, idx, { dstShape: [rows, cols], validRow, validCol });
            });
            const expected = values.map((v, k) =>
              Math.floor(k / cols) < validRow && k % cols < validCol ? v : 0,
            );
            expect(Array.from(back.dataSync())).toEqual(expected);
            back.dispose();
          });
        },
      ),
      { seed: 42, numRuns: 100 },
    );
  });
});
