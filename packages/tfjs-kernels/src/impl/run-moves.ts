/**
 * Moving one contiguous run of a TSCATTER or TGATHER loop: `length` elements between `src` from
 * storage position `s` and `dst` from `d`, one side addressed by the flat offsets
 * `idx[x]` .. `idx[x + length - 1]` into a tile of `size` elements. Arrays and offsets rather
 * than a view per run or per tile: as fast as a bare typed-array loop, where subarray views per
 * run slow it down markedly.
 */
import { firstOutside } from './tile-runs.js';
import type { TileValues } from './tile-values.js';

/**
 * A run loop: one treatment of offsets outside the tile (skipped, or only found, for the caller
 * to throw). `gather` picks the direction of {@link moveRunThenCheck}, which serves both; loops
 * of one direction ignore it.
 *
 * @returns The run position of the first offset outside the tile, or -1.
 */
export type RunMove = typeof moveRunThenCheck;

/**
 * The run loop of calls that reject out-of-range offsets: `dst[d + idx[x + j]] = src[s + j]`
 * (TSCATTER) or, with `gather`, `dst[d + j] = src[s + idx[x + j]]` (TGATHER), with no test per
 * offset, unrolled by eight. The offsets are checked all at once afterwards (the sign bit of an
 * OR over `k | (size - 1 - k)` is set iff some k is outside `0 .. size - 1`): faster than the
 * tested loop, and than a plain loop with the same check (`bench/tscatter.bench.ts`). The
 * direction test is taken once per eight elements and always the same way. An out-of-range
 * entry may have moved an element from or to another batch entry's tile, or nowhere (typed
 * arrays drop stores outside them and read `undefined` as 0), but only into the private output
 * that the caller discards when it throws.
 */
export function moveRunThenCheck(
  dst: TileValues,
  d: number,
  src: TileValues,
  s: number,
  idx: Int32Array,
  x: number,
  length: number,
  size: number,
  gather: boolean,
): number {
  const last = size - 1;
  let signs = 0;
  let j = 0;
  for (const unrolledEnd = length & ~7; j < unrolledEnd; j += 8) {
    const k0 = idx[x + j]!;
    const k1 = idx[x + j + 1]!;
    const k2 = idx[x + j + 2]!;
    const k3 = idx[x + j + 3]!;
    const k4 = idx[x + j + 4]!;
    const k5 = idx[x + j + 5]!;
    const k6 = idx[x + j + 6]!;
    const k7 = idx[x + j + 7]!;
    signs |=
      k0 |
      k1 |
      k2 |
      k3 |
      k4 |
      k5 |
      k6 |
      k7 |
      (last - k0) |
      (last - k1) |
      (last - k2) |
      (last - k3) |
      (last - k4) |
      (last - k5) |
      (last - k6) |
      (last - k7);
    if (gather) {
      dst[d + j] = src[s + k0]!;
      dst[d + j + 1] = src[s + k1]!;
      dst[d + j + 2] = src[s + k2]!;
      dst[d + j + 3] = src[s + k3]!;
      dst[d + j + 4] = src[s + k4]!;
      dst[d + j + 5] = src[s + k5]!;
      dst[d + j + 6] = src[s + k6]!;
      dst[d + j + 7] = src[s + k7]!;
    } else {
      dst[d + k0] = src[s + j]!;
      dst[d + k1] = src[s + j + 1]!;
      dst[d + k2] = src[s + j + 2]!;
      dst[d + k3] = src[s + j + 3]!;
      dst[d + k4] = src[s + j + 4]!;
      dst[d + k5] = src[s + j + 5]!;
      dst[d + k6] = src[s + j + 6]!;
      dst[d + k7] = src[s + j + 7]!;
    }
  }
  for (; j < length; j++) {
    const k = idx[x + j]!;
    signs |= k | (last - k);
    if (gather) dst[d + j] = src[s + k]!;
    else dst[d + k] = src[s + j]!;
  }
  return signs >= 0 ? -1 : firstOutside(idx, x, size);
}
