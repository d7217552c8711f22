/**
 * The worked examples of the XLA "Tiled layout" document, tabulated by hand from its formulas:
 * every element's offset for Figures 1 and 2, and sampled offsets of the combined-dimensions
 * example. Nothing here is computed by code.
 */
import type { CaseFile } from './case-file.js';

/** A figure of the document: a 2-D shape and the offset of every element. */
export interface SeedFigure {
  /** Stable case name. */
  readonly name: string;
  /** Canonical XLA text. */
  readonly shape: string;
  /** The document's own notation, where it gives one. */
  readonly seedNotation?: string;
  /** `offsets[r][c]`: physical offset of logical element (r, c). */
  readonly offsets: readonly (readonly number[])[];
  /** The expanded physical shape (tile counts, tile sizes per level). */
  readonly expandedShape: readonly number[];
  /** Physical slots that hold no element (padding), ascending. */
  readonly paddingSlots: readonly number[];
  /** How the table was derived. */
  readonly derivation: string;
}

/** The combined-dimensions example: a shape with `*` tiles and its explicitly combined twin. */
export interface SeedCombinedExample {
  readonly name: string;
  readonly shape: string;
  /** The same layout after combining the `*` dimensions by hand. */
  readonly combinedShape: string;
  /** Logical index in `shape` → offset, derived through `combinedShape`. */
  readonly samples: readonly { readonly index: readonly number[]; readonly offset: number }[];
  readonly expandedShape: readonly number[];
  readonly derivation: string;
}

/** Figure 1 and Figure 2. */
export const SEED_FIGURES: CaseFile<SeedFigure> = {
  name: 'seed-figures',
  version: 1,
  source: 'XLA "Tiled layout" document, Figures 1 and 2 (seeds/xla-tiled-layout.txt)',
  cases: [
    {
      name: 'figure-1',
      shape: 'f32[3,5]{1,0:T(2,2)}',
      seedNotation: 'F32[3,5]{1,0:(2,2)}',
      // Tile index (⌊r/2⌋, ⌊c/2⌋) in a 2x3 grid of tiles, within-tile (r mod 2, c mod 2):
      // offset = (⌊r/2⌋·3 + ⌊c/2⌋)·4 + (r mod 2)·2 + (c mod 2); the document works (2,3) -> 17.
      offsets: [
        [0, 1, 4, 5, 8],
        [2, 3, 6, 7, 10],
        [12, 13, 16, 17, 20],
      ],
      expandedShape: [2, 3, 2, 2],
      // Row 3 and column 5 of the padded 4x6 array: the white cells of Figure 1.
      paddingSlots: [9, 11, 14, 15, 18, 19, 21, 22, 23],
      derivation: 'linear_index_with_tile((r,c), (3,5), (2,2)) by hand',
    },
    {
      name: 'figure-2',
      shape: 'f32[4,8]{1,0:T(2,4)(2,1)}',
      // 2x4 tiles in a 2x2 grid: tile (⌊r/2⌋, ⌊c/4⌋) starts at (⌊r/2⌋·2 + ⌊c/4⌋)·8. The (2,1) tile
      // then splits each 2x4 tile into column pairs: within-tile offset (c mod 4)·2 + (r mod 2).
      offsets: [
        [0, 2, 4, 6, 8, 10, 12, 14],
        [1, 3, 5, 7, 9, 11, 13, 15],
        [16, 18, 20, 22, 24, 26, 28, 30],
        [17, 19, 21, 23, 25, 27, 29, 31],
      ],
      // (2,4) gives [2,2,2,4]; (2,1) on the suffix (2,4) gives [1,4,2,1] in its place.
      expandedShape: [2, 2, 1, 4, 2, 1],
      paddingSlots: [],
      derivation: 'two tiling levels by hand; the numbers are those printed in Figure 2',
    },
  ],
};

/** The combined-dimensions example. */
export const SEED_COMBINED: CaseFile<SeedCombinedExample> = {
  name: 'seed-combined-dimensions',
  version: 1,
  source:
    'XLA "Tiled layout" document, "Combining dimensions using tiles" (seeds/xla-tiled-layout.txt)',
  cases: [
    {
      name: 'f32[2,7,8,11,10]-T(*,*,2,*,3)',
      shape: 'f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}',
      combinedShape: 'f32[112,110]{1,0:T(2,3)}',
      // (e0,e1,e2,e3,e4) -> (row, col) = (e0·56 + e1·8 + e2, e3·10 + e4); tiles (2,3) in a
      // 56x37 grid: offset = (⌊row/2⌋·37 + ⌊col/3⌋)·6 + (row mod 2)·3 + (col mod 3).
      samples: [
        { index: [0, 0, 0, 0, 0], offset: 0 },
        { index: [0, 0, 1, 0, 0], offset: 3 },
        { index: [0, 0, 0, 0, 3], offset: 6 },
        { index: [0, 1, 0, 1, 0], offset: 907 },
        { index: [1, 6, 7, 10, 9], offset: 12430 },
      ],
      expandedShape: [56, 37, 2, 3],
      derivation: '112 = 2·7·8 and 110 = 11·10, then linear_index_with_tile by hand',
    },
  ],
};
