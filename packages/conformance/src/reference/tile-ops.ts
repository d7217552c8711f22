/**
 * Reference loops of PTO TSCATTER and its flat-offset inverse TGATHER, from the ISA text:
 * iterate the index tile's valid region in row-major order, read each tile through its own
 * physical row stride, start from a zero-filled destination.
 */

/** Physical `[rows, cols]` of a row-major tile. */
export type TileShape = readonly [rows: number, cols: number];

/** One TSCATTER/TGATHER call on row-major storage. */
export interface TileCall {
  readonly src: ArrayLike<number>;
  readonly srcShape: TileShape;
  readonly idx: ArrayLike<number>;
  readonly idxShape: TileShape;
  readonly dstShape: TileShape;
  /** Valid rows of the index tile. */
  readonly validRow: number;
  /** Valid columns of the index tile. */
  readonly validCol: number;
}

/**
 * TSCATTER: `dst_flat[idx[i, j]] = src[i, j]` for `i < validRow`, `j < validCol`, row-major,
 * so the last writer of an offset wins; offsets outside the destination are skipped.
 */
export function referenceTScatter(call: TileCall): number[] {
  const dst = new Array<number>(call.dstShape[0] * call.dstShape[1]).fill(0);
  for (let i = 0; i < call.validRow; i++) {
    for (let j = 0; j < call.validCol; j++) {
      const k = call.idx[i * call.idxShape[1] + j]!;
      if (k >= 0 && k < dst.length) dst[k] = call.src[i * call.srcShape[1] + j]!;
    }
  }
  return dst;
}

/**
 * TGATHER (flat offsets): `dst[i, j] = src_flat[idx[i, j]]` on the valid region, zero elsewhere
 * and for offsets outside the source.
 */
export function referenceTGather(call: TileCall): number[] {
  const size = call.srcShape[0] * call.srcShape[1];
  const dst = new Array<number>(call.dstShape[0] * call.dstShape[1]).fill(0);
  for (let i = 0; i < call.validRow; i++) {
    for (let j = 0; j < call.validCol; j++) {
      const k = call.idx[i * call.idxShape[1] + j]!;
      if (k >= 0 && k < size) dst[i * call.dstShape[1] + j] = call.src[k]!;
    }
  }
  return dst;
}
