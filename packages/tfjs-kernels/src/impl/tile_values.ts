/**
 * Run-time checks on tile contents that only the data can answer: values fit their declared
 * types, and indices address the tile they index (before anything is written).
 */
import { TileIndexError, TileValueError } from '../errors.js';
import { coversInt32, type TileTypeInfo } from '../pto/element_types.js';
import type { TileGeometry } from './tile_geometry.js';

/** Typed arrays that carry tile data (float32 and int32 tensors). */
export type TileValues = Float32Array | Int32Array;

/**
 * Throws if any element of `values` does not fit `info`.
 *
 * @param op Public op name, for the message.
 * @param argument Tensor argument the values come from.
 * @param typeName Declared type name (`'s16'` ...).
 */
export function assertValuesFit(
  op: string,
  argument: string,
  values: TileValues,
  info: TileTypeInfo,
  typeName: string,
): void {
  // Skip the scan when the carrying dtype cannot hold an unfit value.
  if (
    values instanceof Int32Array ? coversInt32(info) : info.dtype === 'float32' && info.bytes === 4
  ) {
    return;
  }
  for (let p = 0; p < values.length; p++) {
    const v = values[p]!;
    if (!info.fits(v)) throw new TileValueError(op, argument, p, v, typeName, info.admits);
  }
}

/**
 * Throws on the first valid-region index (row-major order, batch by batch) outside
 * `0 .. addressedSize - 1`.
 *
 * @param addressedSize Element count of one tile the indices address.
 */
export function assertIndicesInBounds(
  op: string,
  idx: Int32Array,
  g: TileGeometry,
  addressedSize: number,
): void {
  const idxSize = g.idx.rows * g.idx.cols;
  for (let b = 0; b < g.batch; b++) {
    for (let i = 0; i < g.validRow; i++) {
      const row = b * idxSize + i * g.idx.cols;
      for (let j = 0; j < g.validCol; j++) {
        const k = idx[row + j]!;
        if (k < 0 || k >= addressedSize) throw new TileIndexError(op, [b, i, j], k, addressedSize);
      }
    }
  }
}

/** A zero-filled array of the same kind as `like`. */
export function zerosLike(like: TileValues, length: number): TileValues {
  return like instanceof Int32Array ? new Int32Array(length) : new Float32Array(length);
}
