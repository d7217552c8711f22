/**
 * Arbitraries of TSCATTER/TGATHER calls: tiles with padding columns, a valid region smaller than
 * the index tile, and index tiles whose offsets repeat (so last-writer-wins is exercised) or are
 * all distinct (so TGATHER can invert TSCATTER).
 */
import * as fc from 'fast-check';
import type { TileCall } from '../reference/tile-ops.js';

/** What to generate. */
export interface TileCallBounds {
  /** Largest valid region (default 6 x 6). */
  readonly maxValid?: number;
  /** Largest number of padding columns/rows beyond the valid region (default 3). */
  readonly maxPadding?: number;
  /** `repeat`: offsets drawn from a small pool, so duplicates are likely; `distinct`: none. */
  readonly offsets?: 'repeat' | 'distinct';
}

/** Offsets outside every generated destination, written into index padding: never to be read. */
export const PADDING_OFFSET = 4093;

const value = fc.integer({ min: -64, max: 64 }).map((v) => v / 4); // exact in float32

function storage(
  rows: number,
  cols: number,
  validRow: number,
  validCol: number,
  inside: (k: number) => number,
  outside: number,
): number[] {
  return Array.from({ length: rows * cols }, (_, k) => {
    const [r, c] = [Math.floor(k / cols), k % cols];
    return r < validRow && c < validCol ? inside(r * validCol + c) : outside;
  });
}

/** TSCATTER/TGATHER calls within `bounds`; values are multiples of 1/4, exact in float32. */
export function tileCalls(bounds: TileCallBounds = {}): fc.Arbitrary<TileCall> {
  const maxValid = bounds.maxValid ?? 6;
  const pad = fc.integer({ min: 0, max: bounds.maxPadding ?? 3 });
  return fc
    .record({
      validRow: fc.integer({ min: 1, max: maxValid }),
      validCol: fc.integer({ min: 1, max: maxValid }),
      srcPad: fc.tuple(pad, pad),
      idxPad: fc.tuple(pad, pad),
      dstCols: fc.integer({ min: 1, max: 8 }),
    })
    .chain(({ validRow, validCol, srcPad, idxPad, dstCols }) => {
      const count = validRow * validCol;
      // Distinct offsets need room for all of them; repeats land in a destination at most half the count.
      const dstRows =
        bounds.offsets === 'distinct'
          ? Math.ceil(count / dstCols)
          : Math.max(1, Math.ceil(count / (2 * dstCols)));
      const dstSize = dstRows * dstCols;
      const offsets =
        bounds.offsets === 'distinct'
          ? fc.shuffledSubarray(
              Array.from({ length: dstSize }, (_, k) => k),
              { minLength: count, maxLength: count },
            )
          : fc.array(fc.integer({ min: 0, max: Math.max(0, Math.ceil(dstSize / 2)) }), {
              minLength: count,
              maxLength: count,
            });
      return fc
        .record({ values: fc.array(value, { minLength: count, maxLength: count }), offsets })
        .map(({ values, offsets: ks }) => {
          const srcShape = [validRow + srcPad[0], validCol + srcPad[1]] as const;
          const idxShape = [validRow + idxPad[0], validCol + idxPad[1]] as const;
          return {
            src: storage(srcShape[0], srcShape[1], validRow, validCol, (k) => values[k]!, 99),
            srcShape,
            idx: storage(
              idxShape[0],
              idxShape[1],
              validRow,
              validCol,
              (k) => ks[k]!,
              PADDING_OFFSET,
            ),
            idxShape,
            dstShape: [dstRows, dstCols] as const,
            validRow,
            validCol,
          };
        });
    });
}
