/**
 * Reference loops of PTO TSCATTER and its flat-offset inverse TGATHER, from the ISA text:
 * iterate the index tile's valid region in row-major order, read each tile through its own
 * physical row stride, start from a zero-filled destination.
 */

import {
  refuse,
  requireInteger,
  requireIntegers,
  requireNumbers,
  requireObject,
} from '../core/arguments.js';

/** The most elements a reference tile (or destination) may have: these loops check small tiles. */
const MAX_TILE_ELEMENTS = 2 ** 24;

/**
 * Checks one call: shapes of at most 2^24 elements, data covering them, the valid region inside
 * the index tile.
 */
function checkCall(call: unknown): asserts call is TileCall {
  requireObject(call, 'call');
  const sizes = (['srcShape', 'idxShape', 'dstShape'] as const).map((key) => {
    const shape: unknown = call[key];
    requireIntegers(shape, `call.${key}`, 0, MAX_TILE_ELEMENTS, 2);
    if (shape.length !== 2 || shape[0]! * shape[1]! > MAX_TILE_ELEMENTS) {
      refuse(`call.${key}`, `[rows, cols] of at most ${MAX_TILE_ELEMENTS} elements`, shape);
    }
    return shape[0]! * shape[1]!;
  });
  requireNumbers(call.src, 'call.src', MAX_TILE_ELEMENTS);
  requireNumbers(call.idx, 'call.idx', MAX_TILE_ELEMENTS);
  if (call.src.length < sizes[0]!) refuse('call.src', `${sizes[0]} values (srcShape)`, call.src);
  if (call.idx.length < sizes[1]!) refuse('call.idx', `${sizes[1]} values (idxShape)`, call.idx);
  const idxShape = call.idxShape as readonly number[];
  requireInteger(call.validRow, 'call.validRow', 0, idxShape[0]);
  requireInteger(call.validCol, 'call.validCol', 0, idxShape[1]);
}

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
  checkCall(call);
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
  checkCall(call);
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
