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

/** A data tile of `cols` physical columns whose padding holds `pad`; one array per row. */
const tile = (cols: number, pad: number, ...rows: number[][]): SeedTile => ({ cols, rows, pad });

/** An 8-column int32 offset tile whose padding holds {@link NEVER}. */
const offsets = (...rows: number[][]): SeedTile => tile(8, NEVER, ...rows);

/** What differs between cases: the tiles, destination shape, index valid region and answer. */
interface CaseSpec {
  readonly src: SeedTile;
  readonly idx: SeedTile;
  readonly dst: readonly [number, number];
  /** `[validRow, validCol]` of the index tile. */
  readonly valid: readonly [number, number];
  readonly expected: readonly (readonly number[])[];
  readonly derivation: string;
}

/** One case of `op`, checking `rule`. */
function seedCase(
  op: SeedTileCase['op'],
  name: string,
  rule: RuleId,
  { src, idx, dst, valid, expected, derivation }: CaseSpec,
): SeedTileCase {
  const [validRow, validCol] = valid;
  return { name, op, rule, src, idx, dstShape: dst, validRow, validCol, expected, derivation };
}

/** The hand-derived cases. */
export const SEED_TILE_CASES: CaseFile<SeedTileCase> = {
  name: 'seed-tile-cases',
  version: 1,
  source:
    'PTO ISA TSCATTER page, "mathematical semantics" and constraints (seeds/pto-tscatter.txt)',
  cases: [
    seedCase('tscatter', 'reverse-permutation', 'tscatter.flat-offset', {
      src: tile(8, 0, [1, 2, 3, 4, 5, 6, 7, 8]),
      idx: offsets([7, 6, 5, 4, 3, 2, 1, 0]),
      dst: [1, 8],
      valid: [1, 8],
      expected: [[8, 7, 6, 5, 4, 3, 2, 1]],
      derivation: 'dst[7-j] = src[j]',
    }),
    seedCase('tscatter', 'offsets-cross-rows', 'tscatter.flat-offset', {
      src: tile(8, 99, [1, 2], [3, 4]),
      idx: offsets([9, 0], [3, 14]),
      dst: [2, 8],
      valid: [2, 2],
      expected: [
        [2, 0, 0, 3, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 4, 0],
      ],
      derivation:
        'flat offsets 9, 0, 3, 14 of the 2x8 destination storage; an offset is not a row selector',
    }),
    seedCase('tscatter', 'duplicates-last-writer', 'tscatter.last-writer-wins', {
      src: tile(8, 99, [10, 20, 30], [40, 50, 60]),
      idx: offsets([1, 1, 2], [2, 1, 0]),
      dst: [1, 8],
      valid: [2, 3],
      expected: [[60, 50, 40, 0, 0, 0, 0, 0]],
      derivation:
        'row-major writes 1<-10, 1<-20, 2<-30, 2<-40, 1<-50, 0<-60; first writer would give 60, 10, 30',
    }),
    seedCase('tscatter', 'index-valid-region', 'tscatter.index-valid-region', {
      src: tile(8, 0, [1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15, 16]),
      idx: offsets([0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15]),
      dst: [2, 8],
      valid: [2, 2],
      expected: [
        [1, 2, 0, 0, 0, 0, 0, 0],
        [9, 10, 0, 0, 0, 0, 0, 0],
      ],
      derivation: 'only idx[0..1][0..1] = 0, 1, 8, 9 are used although both tiles hold 16 values',
    }),
    seedCase('tscatter', 'padding-columns', 'tscatter.padding-columns', {
      src: tile(16, 99, [1, 2], [3, 4]),
      idx: offsets([3, 2], [1, 0]),
      dst: [1, 8],
      valid: [2, 2],
      expected: [[4, 3, 2, 1, 0, 0, 0, 0]],
      derivation:
        'src row stride 16, idx row stride 8: element (1,0) is src[16] = 3 written at idx[8] = 1',
    }),
    seedCase('tscatter', 'zero-destination', 'tscatter.zero-destination', {
      src: tile(8, 7, [5, 6]),
      idx: offsets([12, 1]),
      dst: [2, 8],
      valid: [1, 2],
      expected: [
        [0, 6, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 5, 0, 0, 0],
      ],
      derivation: 'fourteen of sixteen destination elements are named by no index and stay 0',
    }),
    seedCase('tgather', 'gather-flat-offset', 'tgather.flat-offset', {
      src: tile(8, 0, [1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15, 16]),
      idx: offsets([13, 0], [3, 3]),
      dst: [2, 8],
      valid: [2, 2],
      expected: [
        [14, 1, 0, 0, 0, 0, 0, 0],
        [4, 4, 0, 0, 0, 0, 0, 0],
      ],
      derivation:
        'src storage 1..16 read at 13, 0, 3, 3 (an offset may be read twice); the rest is zero',
    }),
    seedCase('tgather', 'gather-valid-region', 'tgather.flat-offset', {
      src: tile(8, 0, [1, 2, 3, 4, 5, 6, 7, 8]),
      idx: offsets([3, 2], [1, 0]),
      dst: [2, 8],
      valid: [1, 2],
      expected: [[4, 3, 0, 0, 0, 0, 0, 0], zeros(8)],
      derivation: 'only the first index row is valid; the second row of dst stays zero',
    }),
  ],
};
