/**
 * Small TSCATTER/TGATHER cases derived by hand from the PTO ISA text, each aimed at one rule:
 * flat offsets, duplicates (last writer wins), the index tile's valid region, padding columns
 * and the zero-filled destination.
 */
import type { RuleId } from '../rules.js';
import type { CaseFile } from './case-file.js';

/** One hand-derived call; tiles are row-major `[rows][cols]` including padding columns. */
export interface SeedTileCase {
  readonly name: string;
  readonly op: 'tscatter' | 'tgather';
  readonly rule: RuleId;
  readonly src: readonly (readonly number[])[];
  readonly idx: readonly (readonly number[])[];
  readonly dstShape: readonly [number, number];
  /** Valid region of the index tile (default: the whole index tile). */
  readonly validRow?: number;
  readonly validCol?: number;
  /** The whole destination, row-major. */
  readonly expected: readonly number[];
  /** Why `expected` is what it is. */
  readonly derivation: string;
}

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
      src: [[1, 2, 3, 4, 5, 6, 7, 8]],
      idx: [[7, 6, 5, 4, 3, 2, 1, 0]],
      dstShape: [1, 8],
      expected: [8, 7, 6, 5, 4, 3, 2, 1],
      derivation: 'dst[7-j] = src[j]',
    },
    {
      name: 'offsets-cross-rows',
      op: 'tscatter',
      rule: 'tscatter.flat-offset',
      src: [
        [1, 2],
        [3, 4],
      ],
      idx: [
        [5, 0],
        [3, 6],
      ],
      dstShape: [2, 4],
      expected: [2, 0, 0, 3, 0, 1, 4, 0],
      derivation: 'offsets 5, 0, 3, 6 of the 2x4 destination storage; idx is not a row selector',
    },
    {
      name: 'duplicates-last-writer',
      op: 'tscatter',
      rule: 'tscatter.last-writer-wins',
      src: [
        [10, 20, 30],
        [40, 50, 60],
      ],
      idx: [
        [1, 1, 2],
        [2, 1, 0],
      ],
      dstShape: [1, 4],
      expected: [60, 50, 40, 0],
      derivation:
        'row-major writes: 1<-10, 1<-20, 2<-30, 2<-40, 1<-50, 0<-60 (first writer would give 60, 10, 30, 0)',
    },
    {
      name: 'index-valid-region',
      op: 'tscatter',
      rule: 'tscatter.index-valid-region',
      src: [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
      idx: [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
      ],
      dstShape: [2, 4],
      validRow: 2,
      validCol: 2,
      expected: [1, 2, 0, 0, 5, 6, 0, 0],
      derivation: 'only idx[0..1][0..1] = 0, 1, 4, 5 are used; src has no valid region of its own',
    },
    {
      name: 'padding-columns',
      op: 'tscatter',
      rule: 'tscatter.padding-columns',
      src: [
        [1, 2, 99, 99],
        [3, 4, 99, 99],
      ],
      idx: [
        [3, 2, 7],
        [1, 0, 7],
      ],
      dstShape: [1, 4],
      validRow: 2,
      validCol: 2,
      expected: [4, 3, 2, 1],
      derivation:
        'src row stride 4, idx row stride 3: (1,0) reads src[4] = 3 and idx[3] = 1; padding 99 and 7 are never read',
    },
    {
      name: 'zero-destination',
      op: 'tscatter',
      rule: 'tscatter.zero-destination',
      src: [[5, 6]],
      idx: [[4, 1]],
      dstShape: [2, 3],
      expected: [0, 6, 0, 0, 5, 0],
      derivation: 'four of six destination elements are named by no index and stay 0',
    },
    {
      name: 'gather-flat-offset',
      op: 'tgather',
      rule: 'tgather.flat-offset',
      src: [
        [1, 2, 3],
        [4, 5, 6],
      ],
      idx: [
        [5, 0],
        [3, 3],
      ],
      dstShape: [2, 2],
      expected: [6, 1, 4, 4],
      derivation: 'src storage [1..6] read at 5, 0, 3, 3 (repeated offsets may be read twice)',
    },
    {
      name: 'gather-valid-region',
      op: 'tgather',
      rule: 'tgather.flat-offset',
      src: [[1, 2, 3, 4]],
      idx: [
        [3, 2],
        [1, 0],
      ],
      dstShape: [2, 2],
      validRow: 1,
      validCol: 2,
      expected: [4, 3, 0, 0],
      derivation: 'only the first index row is valid; the rest of dst is zero',
    },
  ],
};
