/**
 * Small TSCATTER/TGATHER cases derived by hand from the PTO ISA text, each aimed at one rule:
 * flat offsets, duplicates (last writer wins), the index tile's valid region, padding columns
 * and the zero-filled destination. PTO tiles are row-major with `Cols * sizeof(DType)` a
 * multiple of 32 bytes, so every float32/int32 tile here has 8 or 16 physical columns; the
 * columns past the given values are padding filled with `pad`, which must never be read.
 */
import type { RuleId } from '../rules.js';
import type { CaseFile } from './case-file.js';

/** A physical tile: `rows` hold the leading values of each row, `pad` fills up to `cols`. */
export interface SeedTile {
  readonly cols: number;
  readonly rows: readonly (readonly number[])[];
  readonly pad: number;
}

/** One hand-derived call (float32 data, int32 offsets). */
export interface SeedTileCase {
  readonly name: string;
  readonly op: 'tscatter' | 'tgather';
  readonly rule: RuleId;
  readonly src: SeedTile;
  readonly idx: SeedTile;
  readonly dstShape: readonly [number, number];
  /** Valid region of the index tile. */
  readonly validRow: number;
  readonly validCol: number;
  /** The whole destination, one array per row. */
  readonly expected: readonly (readonly number[])[];
  /** Why `expected` is what it is. */
  readonly derivation: string;
}

/** Offset written into index padding: outside every destination here, so reading it would fail. */
const NEVER = 4093;
const zeros = (n: number) => Array.from({ length: n }, () => 0);

/** The hand-derived cases. */
export const SEED_TILE_CASES: CaseFile<SeedTileCase> = {
  name: 'seed-tile-cases',
  version: 1,
  source:
    'PTO ISA TSCATTER page, "mathematical semantics" and constraints (seeds/pto-tscatter.txt)',
  cases: [
    {
      name: 'reverse-permutation',
      op: 'tscatter',
      rule: 'tscatter.flat-offset',
      src: { cols: 8, rows: [[1, 2, 3, 4, 5, 6, 7, 8]], pad: 0 },
      idx: { cols: 8, rows: [[7, 6, 5, 4, 3, 2, 1, 0]], pad: NEVER },
      dstShape: [1, 8],
      validRow: 1,
      validCol: 8,
      expected: [[8, 7, 6, 5, 4, 3, 2, 1]],
      derivation: 'dst[7-j] = src[j]',
    },
    {
      name: 'offsets-cross-rows',
      op: 'tscatter',
      rule: 'tscatter.flat-offset',
      src: {
        cols: 8,
        rows: [
          [1, 2],
          [3, 4],
        ],
        pad: 99,
      },
      idx: {
        cols: 8,
        rows: [
          [9, 0],
          [3, 14],
        ],
        pad: NEVER,
      },
      dstShape: [2, 8],
      validRow: 2,
      validCol: 2,
      expected: [
        [2, 0, 0, 3, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 4, 0],
      ],
      derivation:
        'flat offsets 9, 0, 3, 14 of the 2x8 destination storage; an offset is not a row selector',
    },
    {
      name: 'duplicates-last-writer',
      op: 'tscatter',
      rule: 'tscatter.last-writer-wins',
      src: {
        cols: 8,
        rows: [
          [10, 20, 30],
          [40, 50, 60],
        ],
        pad: 99,
      },
      idx: {
        cols: 8,
        rows: [
          [1, 1, 2],
          [2, 1, 0],
        ],
        pad: NEVER,
      },
      dstShape: [1, 8],
      validRow: 2,
      validCol: 3,
      expected: [[60, 50, 40, 0, 0, 0, 0, 0]],
      derivation:
        'row-major writes 1<-10, 1<-20, 2<-30, 2<-40, 1<-50, 0<-60; first writer would give 60, 10, 30',
    },
    {
      name: 'index-valid-region',
      op: 'tscatter',
      rule: 'tscatter.index-valid-region',
      src: {
        cols: 8,
        rows: [
          [1, 2, 3, 4, 5, 6, 7, 8],
          [9, 10, 11, 12, 13, 14, 15, 16],
        ],
        pad: 0,
      },
      idx: {
        cols: 8,
        rows: [
          [0, 1, 2, 3, 4, 5, 6, 7],
          [8, 9, 10, 11, 12, 13, 14, 15],
        ],
        pad: NEVER,
      },
      dstShape: [2, 8],
      validRow: 2,
      validCol: 2,
      expected: [
        [1, 2, 0, 0, 0, 0, 0, 0],
        [9, 10, 0, 0, 0, 0, 0, 0],
      ],
      derivation: 'only idx[0..1][0..1] = 0, 1, 8, 9 are used although both tiles hold 16 values',
    },
    {
      name: 'padding-columns',
      op: 'tscatter',
      rule: 'tscatter.padding-columns',
      src: {
        cols: 16,
        rows: [
          [1, 2],
          [3, 4],
        ],
        pad: 99,
      },
      idx: {
        cols: 8,
        rows: [
          [3, 2],
          [1, 0],
        ],
        pad: NEVER,
      },
      dstShape: [1, 8],
      validRow: 2,
      validCol: 2,
      expected: [[4, 3, 2, 1, 0, 0, 0, 0]],
      derivation:
        'src row stride 16, idx row stride 8: element (1,0) is src[16] = 3 written at idx[8] = 1',
    },
    {
      name: 'zero-destination',
      op: 'tscatter',
      rule: 'tscatter.zero-destination',
      src: { cols: 8, rows: [[5, 6]], pad: 7 },
      idx: { cols: 8, rows: [[12, 1]], pad: NEVER },
      dstShape: [2, 8],
      validRow: 1,
      validCol: 2,
      expected: [
        [0, 6, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 5, 0, 0, 0],
      ],
      derivation: 'fourteen of sixteen destination elements are named by no index and stay 0',
    },
    {
      name: 'gather-flat-offset',
      op: 'tgather',
      rule: 'tgather.flat-offset',
      src: {
        cols: 8,
        rows: [
          [1, 2, 3, 4, 5, 6, 7, 8],
          [9, 10, 11, 12, 13, 14, 15, 16],
        ],
        pad: 0,
      },
      idx: {
        cols: 8,
        rows: [
          [13, 0],
          [3, 3],
        ],
        pad: NEVER,
      },
      dstShape: [2, 8],
      validRow: 2,
      validCol: 2,
      expected: [
        [14, 1, 0, 0, 0, 0, 0, 0],
        [4, 4, 0, 0, 0, 0, 0, 0],
      ],
      derivation:
        'src storage 1..16 read at 13, 0, 3, 3 (an offset may be read twice); the rest is zero',
    },
    {
      name: 'gather-valid-region',
      op: 'tgather',
      rule: 'tgather.flat-offset',
      src: { cols: 8, rows: [[1, 2, 3, 4, 5, 6, 7, 8]], pad: 0 },
      idx: {
        cols: 8,
        rows: [
          [3, 2],
          [1, 0],
        ],
        pad: NEVER,
      },
      dstShape: [2, 8],
      validRow: 1,
      validCol: 2,
      expected: [[4, 3, 0, 0, 0, 0, 0, 0], zeros(8)],
      derivation: 'only the first index row is valid; the second row of dst stays zero',
    },
  ],
};
