/**
 * TSCATTER's second pass: every destination element copies the source element of its last
 * writer (the index position ScatterAtomicProgram left in its slot), or 0 when nothing wrote
 * it. A copy, never arithmetic: float bits move unchanged.
 */
import type { DataType } from '@tensorflow/tfjs-core';
import type { TileGeometry } from '../../impl/tile_geometry.js';
import { FlatProgram, forEachElement, wgslType } from '../flat_program.js';
import type { UniformValue } from '../residency.js';

export class WinnerGatherProgram extends FlatProgram {
  readonly variableNames = ['values', 'winners'];
  // tiles: (idxCols, idxSize, srcCols, srcSize)
  readonly uniforms = 'count : i32, dstSize : i32, tiles : vec4<i32>,';
  private readonly type: string;

  /** @param size Destination elements over all batch entries. */
  constructor(size: number, dtype: DataType) {
    super(`winner_gather_${wgslType(dtype)}`, size, size);
    this.type = wgslType(dtype);
  }

  getUserCode(): string {
    return forEachElement(
      'uniforms.count',
      `let w = winners[p];
        if (w < 0) {
          result[p] = ${this.type}(0);
        } else {
          let b = p / uniforms.dstSize;
          let q = w - b * uniforms.tiles.y;
          let i = q / uniforms.tiles.x;
          let j = q - i * uniforms.tiles.x;
          result[p] = values[b * uniforms.tiles.w + i * uniforms.tiles.z + j];
        }`,
    );
  }
}

/** Uniform values of a WinnerGatherProgram call. */
export function winnerGatherUniforms(g: TileGeometry): UniformValue[] {
  const dstSize = g.dst.rows * g.dst.cols;
  return [
    { type: 'int32', data: [g.batch * dstSize] },
    { type: 'int32', data: [dstSize] },
    {
      type: 'int32',
      data: [g.idx.cols, g.idx.rows * g.idx.cols, g.src.cols, g.src.rows * g.src.cols],
    },
  ];
}
