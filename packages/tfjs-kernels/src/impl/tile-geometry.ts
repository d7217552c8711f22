/**
 * Shapes of the tiles one TScatter/TGather call touches, derived from tensor shapes: `[rows, cols]`
 * or `[batch, rows, cols]` (one tile per batch entry), or `[cols]`, one row (`target: 'general'`).
 */

/** Rows and columns of one physical row-major tile. */
export interface TileExtent {
  readonly rows: number;
  readonly cols: number;
}

/** Every tile of one call, per batch entry, plus the index tile's valid region. */
export interface TileGeometry {
  /** Number of tiles per tensor (1 for rank-2 tensors). */
  readonly batch: number;
  readonly src: TileExtent;
  readonly idx: TileExtent;
  readonly dst: TileExtent;
  readonly validRow: number;
  readonly validCol: number;
}

/** The trailing `[rows, cols]` of a rank-2 or rank-3 tensor shape; a rank-1 shape is one row. */
export function tileExtentOf(shape: readonly number[]): TileExtent {
  return { rows: shape.length === 1 ? 1 : (shape[shape.length - 2] ?? 0), cols: shape.at(-1) ?? 0 };
}

/** The batch size of a rank-2 (1) or rank-3 (leading dimension) tensor shape. */
export function batchOf(shape: readonly number[]): number {
  return shape.length === 3 ? shape[0]! : 1;
}

/**
 * Geometry of a call from its input shapes and the per-tile output shape.
 *
 * @param srcShape Shape of the data input (`[rows, cols]` or `[batch, rows, cols]`).
 * @param idxShape Shape of the index input (same rank and batch as `srcShape`).
 * @param dstShape Output tile `[rows, cols]`.
 */
export function tileGeometry(
  srcShape: readonly number[],
  idxShape: readonly number[],
  dstShape: readonly [number, number],
  validRow: number,
  validCol: number,
): TileGeometry {
  return {
    batch: batchOf(srcShape),
    src: tileExtentOf(srcShape),
    idx: tileExtentOf(idxShape),
    dst: { rows: dstShape[0], cols: dstShape[1] },
    validRow,
    validCol,
  };
}

/** The output tensor shape: `dst` tiles with the inputs' batch dimension, if any (1-D stays 1-D). */
export function outputShape(srcShape: readonly number[], g: TileGeometry): number[] {
  if (srcShape.length === 1) return [g.dst.rows * g.dst.cols];
  return srcShape.length === 3 ? [g.batch, g.dst.rows, g.dst.cols] : [g.dst.rows, g.dst.cols];
}
