/**
 * Arbitraries of TSCATTER/TGATHER calls on valid PTO tiles: row-major, `Cols * sizeof(DType)` a
 * multiple of 32 bytes (8 float32/int32 columns), a valid region smaller than the index tile,
 * and index tiles whose offsets repeat (so last-writer-wins is exercised) or are all distinct
 * (so TGATHER can invert TSCATTER). Padding holds values that must never be read.
 */
import * as fc from 'fast-check';
import { checkBounds } from '../core/arguments.js';
import type { TileCall } from '../reference/tile-ops.js';

/** What to generate. */
export interface TileCallBounds {
  /** Largest valid region (default 6 x 6). */
  readonly maxValid?: number;
  /** `repeat`: offsets drawn from a small pool, so duplicates are likely; `distinct`: none. */
  readonly offsets?: 'repeat' | 'distinct';
  /** `shared` (default): src and idx tiles have one physical shape; `independent`: each its own. */
  readonly padding?: 'shared' | 'independent';
  /** Column alignment in elements (default 8: 32 bytes of float32/int32). */
  readonly alignment?: number;
}

/** Offset written into index padding, outside every generated tile: reading it would fail. */
export const PADDING_OFFSET = 4093;

/** Value written into source padding. */
export const PADDING_VALUE = 99;

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
  checkBounds(bounds, 'bounds', {
    maxValid: { count: [1, 2 ** 10] },
    alignment: { count: [1, 2 ** 10] },
    offsets: { oneOf: ['repeat', 'distinct'] },
    padding: { oneOf: ['shared', 'independent'] },
  });
  const maxValid = bounds.maxValid ?? 6;
  const align = bounds.alignment ?? 8;
  const extent = (valid: number) => fc.integer({ min: 0, max: 2 }).map((extra) => valid + extra);
  const aligned = (cols: number) => Math.ceil(cols / align) * align;
  return fc
    .record({
      validRow: fc.integer({ min: 1, max: maxValid }),
      validCol: fc.integer({ min: 1, max: maxValid }),
    })
    .chain(({ validRow, validCol }) =>
      fc.record({
        validRow: fc.constant(validRow),
        validCol: fc.constant(validCol),
        idxRows: extent(validRow),
        idxCols: extent(validCol).map(aligned),
        srcRows: extent(validRow),
        srcCols: fc.integer({ min: 0, max: 1 }).map((extra) => aligned(validCol) + extra * align),
        dstCols: fc.constantFrom(align, 2 * align),
      }),
    )
    .chain(({ validRow, validCol, idxRows, idxCols, srcRows, srcCols, dstCols }) => {
      const count = validRow * validCol;
      // Distinct offsets need room for all of them; repeats land in about half as many slots.
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
          : fc.array(fc.integer({ min: 0, max: Math.max(0, Math.ceil(count / 2) - 1) }), {
              minLength: count,
              maxLength: count,
            });
      const shared = (bounds.padding ?? 'shared') === 'shared';
      const srcShape = shared ? ([idxRows, idxCols] as const) : ([srcRows, srcCols] as const);
      const idxShape = [idxRows, idxCols] as const;
      return fc
        .record({ values: fc.array(value, { minLength: count, maxLength: count }), offsets })
        .map(({ values, offsets: ks }) => ({
          src: storage(
            srcShape[0],
            srcShape[1],
            validRow,
            validCol,
            (k) => values[k]!,
            PADDING_VALUE,
          ),
          srcShape,
          idx: storage(idxShape[0], idxShape[1], validRow, validCol, (k) => ks[k]!, PADDING_OFFSET),
          idxShape,
          dstShape: [dstRows, dstCols] as const,
          validRow,
          validCol,
        }));
    });
}
