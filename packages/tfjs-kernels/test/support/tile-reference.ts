/**
 * Reference loops for the tile-op variants @tilekit/conformance has no reference for (its
 * `referenceTScatter`/`referenceTGather` cover plain TSCATTER and TGATHER): TSCATTER with
 * `mode: 'add'` and TGATHER with `select: 'lastWriter'`. Written straight from the spec on the
 * same `TileCall` form, independent of the package's typed-array loops.
 */
import type { TileCall } from '@tilekit/conformance/testing';

/**
 * `dst_flat[idx[i, j]] = add(dst_flat[idx[i, j]], src[i, j])` over the valid region in row-major
 * order on a zero destination; offsets outside the destination are skipped.
 */
export function referenceTScatterAdd(
  call: TileCall,
  add: (sum: number, value: number) => number,
): number[] {
  const dst = new Array<number>(call.dstShape[0] * call.dstShape[1]).fill(0);
  for (let i = 0; i < call.validRow; i++) {
    for (let j = 0; j < call.validCol; j++) {
      const k = call.idx[i * call.idxShape[1] + j]!;
      if (k >= 0 && k < dst.length) dst[k] = add(dst[k]!, call.src[i * call.srcShape[1] + j]!);
    }
  }
  return dst;
}

/**
 * `dst[i, j] = src_flat[idx[i, j]]` only where (i, j) is the last entry of the valid region (in
 * row-major order) naming its offset; zero elsewhere and for offsets outside the source.
 */
export function referenceLastWriterTGather(call: TileCall): number[] {
  const size = call.srcShape[0] * call.srcShape[1];
  const offsetAt = (i: number, j: number) => call.idx[i * call.idxShape[1] + j]!;
  const last = new Map<number, string>();
  for (let i = 0; i < call.validRow; i++) {
    for (let j = 0; j < call.validCol; j++) last.set(offsetAt(i, j), `${i},${j}`);
  }
  const dst = new Array<number>(call.dstShape[0] * call.dstShape[1]).fill(0);
  for (let i = 0; i < call.validRow; i++) {
    for (let j = 0; j < call.validCol; j++) {
      const k = offsetAt(i, j);
      if (k >= 0 && k < size && last.get(k) === `${i},${j}`) {
        dst[i * call.dstShape[1] + j] = call.src[k]!;
      }
    }
  }
  return dst;
}
