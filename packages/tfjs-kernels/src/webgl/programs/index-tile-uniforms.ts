/**
 * The uniforms every WebGL program that reads an index tile straight from the GPU declares
 * (TGATHER's direct pass, TSCATTER's search pass): the valid region and strides of the tile
 * pair that `(i, j)` walks together, and the per-batch-entry size of each tile.
 */
import type { TileGeometry } from '../../impl/tile-geometry.js';

/** The `customUniforms` entries, in the order {@link indexTileUniformValues} fills them. */
export const INDEX_TILE_UNIFORMS = [
  // (validRow, validCol, idxCols, cols of the tile laid out like the index tile)
  { name: 'tile', type: 'ivec4' as const },
  // (srcSize, idxSize, dstSize, unused): elements per batch entry
  { name: 'sizes', type: 'ivec4' as const },
];

/**
 * Values for {@link INDEX_TILE_UNIFORMS}. `pairedCols` is the column count of the tile indexed
 * by `(i, j)` like the index tile: TSCATTER's source, TGATHER's destination.
 */
export function indexTileUniformValues(g: TileGeometry, pairedCols: number): number[][] {
  return [
    [g.validRow, g.validCol, g.idx.cols, pairedCols],
    [g.src.rows * g.src.cols, g.idx.rows * g.idx.cols, g.dst.rows * g.dst.cols, 0],
  ];
}
