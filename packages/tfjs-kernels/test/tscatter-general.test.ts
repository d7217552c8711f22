/**
 * `target: 'general'` (the default): tscatter/tgather on tiles of any width and on 1-D tensors,
 * with PTO's flat semantics (last writer wins), against the plain reference loops; the PTO
 * targets stay strict, and each of their errors says what `target: 'general'` changes.
 */
import { referenceTGather, referenceTScatter } from '@tilekit/conformance/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KernelArgumentError,
  PtoConstraintError,
  type TScatterOptions,
  tgather,
  tscatter,
} from '../src/index.js';
import { expectOpError } from './support/errors.js';
import { expectNoLeak, tf } from './support/tf.js';

/** A hand-derived scatter of the 2x3 tile `[[1, 2, 3], [4, 5, 6]]`. */
interface ScatterCase {
  what: string;
  offsets: number[][];
  options: TScatterOptions;
  expected: number[][];
}

/** Random widths (no 32-byte rule), small offset ranges (many duplicates), 1-D or 2-D. */
const generalCase = fc
  .record({
    flat: fc.boolean(),
    rows: fc.integer({ min: 1, max: 4 }),
    cols: fc.integer({ min: 1, max: 7 }),
    dstRows: fc.integer({ min: 1, max: 3 }),
    dstCols: fc.integer({ min: 1, max: 5 }),
    dtype: fc.constantFrom('float32' as const, 'int32' as const),
    // The default target must behave exactly as naming 'general'.
    target: fc.constantFrom({ target: 'general' as const }, {}),
  })
  .chain((s) => {
    const rows = s.flat ? 1 : s.rows;
    const dstRows = s.flat ? 1 : s.dstRows;
    const n = rows * s.cols;
    return fc.record({
      shape: fc.constant({ ...s, rows, dstRows }),
      src: fc.array(fc.integer({ min: -50, max: 50 }), { minLength: n, maxLength: n }),
      idx: fc.array(fc.integer({ min: 0, max: dstRows * s.dstCols - 1 }), {
        minLength: n,
        maxLength: n,
      }),
    });
  });

describe("tscatter / tgather with target: 'general'", () => {
  it('match the reference loops on any widths and 1-D inputs, duplicates included', () => {
    fc.assert(
      fc.property(generalCase, ({ shape: s, src, idx }) => {
        const srcShape = s.flat ? [s.cols] : [s.rows, s.cols];
        const dstShape = s.flat ? [s.dstCols] : [s.dstRows, s.dstCols];
        const tile = [s.rows, s.cols] as const;
        const dstTile = [s.dstRows, s.dstCols] as const;
        const scattered = referenceTScatter({
          src,
          srcShape: tile,
          idx,
          idxShape: tile,
          dstShape: dstTile,
          validRow: s.rows,
          validCol: s.cols,
        });
        expectNoLeak(() => {
          const $src = tf.tensor(src, srcShape, s.dtype);
          const $idx = tf.tensor(idx, srcShape, 'int32');
          const out = tscatter($src, $idx, { dstShape, ...s.target });
          expect(out.shape).toEqual(dstShape);
          expect(out.dtype).toBe(s.dtype);
          expect(Array.from(out.dataSync())).toEqual(scattered);
          // Gather back from the scattered tile: each entry reads its offset's final value.
          const gathered = tgather(out, $idx, s.target);
          expect(gathered.shape).toEqual(srcShape);
          expect(Array.from(gathered.dataSync())).toEqual(
            referenceTGather({
              src: scattered,
              srcShape: dstTile,
              idx,
              idxShape: tile,
              dstShape: tile,
              validRow: s.rows,
              validCol: s.cols,
            }),
          );
          tf.dispose([$src, $idx, out, gathered]);
        });
      }),
      { seed: 19, numRuns: 200 },
    );
  });

  it.each([
    {
      what: "scatters a tfjs user's first 2x3 float32 tile with no options but dstShape",
      offsets: [
        [5, 4, 3],
        [2, 1, 0],
      ],
      options: { dstShape: [2, 3] },
      expected: [
        [6, 5, 4],
        [3, 2, 1],
      ],
    },
    {
      // Row-major writes: 5<-1, 0<-2, 5<-3, 1<-4, 0<-5, 2<-6.
      what: 'scatters a 2x3 float32 tile, the last writer winning',
      offsets: [
        [5, 0, 5],
        [1, 0, 2],
      ],
      options: { dstShape: [2, 3], target: 'general' },
      expected: [
        [5, 4, 6],
        [0, 0, 3],
      ],
    },
  ] satisfies ScatterCase[])('$what', ({ offsets, options, expected }) => {
    const src = tf.tensor2d([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    const idx = tf.tensor2d(offsets, [2, 3], 'int32');
    const out = tscatter(src, idx, options);
    expect(out.arraySync()).toEqual(expected);
    tf.dispose([src, idx, out]);
  });

  it('keeps validCol, bounds and batches', () => {
    const src = tf.tensor1d([10, 20, 30, 40]);
    const idx = tf.tensor1d([2, 9, 2, 0], 'int32');
    const skipped = tscatter(src, idx, { dstShape: [3], target: 'general', bounds: 'skip' });
    expect(Array.from(skipped.dataSync())).toEqual([40, 0, 30]);
    const firstTwo = tscatter(src, idx, {
      dstShape: [3],
      target: 'general',
      bounds: 'skip',
      validCol: 2,
    });
    expect(Array.from(firstTwo.dataSync())).toEqual([0, 0, 10]);
    const batch = tf.tensor3d([[[1, 2, 3]], [[4, 5, 6]]]);
    const batchIdx = tf.tensor3d([[[2, 2, 0]], [[1, 1, 1]]], [2, 1, 3], 'int32');
    const batched = tscatter(batch, batchIdx, { dstShape: [1, 3], target: 'general' });
    expect(batched.arraySync()).toEqual([[[3, 0, 2]], [[0, 6, 0]]]);
    tf.dispose([src, idx, skipped, firstTwo, batch, batchIdx, batched]);
  });

  it('the gradient of a 1-D scatter reaches each offset’s last writer only', () => {
    const idxValues = [1, 0, 1, 3];
    const dyValues = [10, 20, 30, 40];
    const idx = tf.tensor1d(idxValues, 'int32');
    const x = tf.tensor1d([1, 2, 3, 4]);
    const dy = tf.tensor1d(dyValues);
    expectNoLeak(() => {
      const grad = tf.grad((s: tf.Tensor) =>
        tscatter(s, idx, { dstShape: [4], target: 'general' }),
      )(x, dy);
      // Entry 0 is overwritten by entry 2 (both offset 1); the others are their offset's last writer.
      const expected = idxValues.map((k, i) => (idxValues.lastIndexOf(k) === i ? dyValues[k]! : 0));
      expect(Array.from(grad.dataSync())).toEqual(expected);
      grad.dispose();
    });
    tf.dispose([idx, x, dy]);
  });

  it('1-D needs a 1-D dstShape', () => {
    const src = tf.tensor1d([1, 2]);
    const idx = tf.tensor1d([0, 1], 'int32');
    expectOpError(
      () => tscatter(src, idx, { dstShape: [1, 2], target: 'general' }),
      KernelArgumentError,
    );
    tf.dispose([src, idx]);
  });
});

describe('the PTO targets stay strict', () => {
  it("'any' still applies the 32-byte row rule and refuses 1-D inputs", () => {
    const src = tf.zeros([2, 3]);
    const idx = tf.zeros([2, 3], 'int32');
    const flatSrc = tf.zeros([3]);
    const flatIdx = tf.zeros([3], 'int32');
    for (const target of ['a2a3', 'a5', 'any'] as const) {
      const error = expectOpError(
        () => tscatter(src, idx, { dstShape: [2, 3], target }),
        PtoConstraintError,
      );
      expect(error.rule).toBe('row-alignment-dst');
      expect(error.message).toContain(
        "target: 'general' (the default) checks no PTO hardware rule: any tile width",
      );
      const flat = expectOpError(
        () => tscatter(flatSrc, flatIdx, { dstShape: [3], target }),
        KernelArgumentError,
      );
      expect(flat.message).toContain("target: 'general'");
    }
    tf.dispose([src, idx, flatSrc, flatIdx]);
  });
});
