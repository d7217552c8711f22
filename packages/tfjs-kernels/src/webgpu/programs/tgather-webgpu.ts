/**
 * TGATHER in one pass: each output element inside the valid region reads its index entry and
 * copies `src_flat[offset]` (0 outside the region and for offsets outside the source tile). For
 * `select: 'lastWriter'` it copies only when its entry is the offset's last writer, which a
 * ScatterAtomicProgram pass keyed on source offsets recorded in `winners` (as position plus 1).
 */
import type { DataType } from '@tensorflow/tfjs-core';
import type { UniformValue } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { FlatProgram, wgslForEachElement } from '@tilekit/tfjs-backend-support/webgpu-passes';
import type { TileGeometry } from '../../impl/tile-geometry.js';
import type { GatherSelect } from '../../pto/pto-types.js';
import { wgslType } from '../wgsl-loop.js';

export class TGatherProgram extends FlatProgram {
  readonly variableNames: string[];
  // region: (validRow, validCol, idxCols, idxSize); tiles: (srcSize, dstCols, dstSize, 0)
  readonly uniforms = 'count : i32, region : vec4<i32>, tiles : vec4<i32>,';
  private readonly type: string;
  private readonly select: GatherSelect;

  /** @param size Output elements over all batch entries. */
  constructor(size: number, dtype: DataType, select: GatherSelect) {
    super(`tgather_${select}_${wgslType(dtype)}`, size, size);
    this.type = wgslType(dtype);
    this.select = select;
    this.variableNames = select === 'lastWriter' ? ['values', 'idx', 'winners'] : ['values', 'idx'];
  }

  getUserCode(): string {
    const reads =
      this.select === 'lastWriter'
        ? '&& winners[b * uniforms.tiles.x + offset] == position + 1'
        : '';
    return wgslForEachElement(
      'uniforms.count',
      `let b = p / uniforms.tiles.z;
        let q = p - b * uniforms.tiles.z;
        let i = q / uniforms.tiles.y;
        let j = q - i * uniforms.tiles.y;
        var value = ${this.type}(0);
        if (i < uniforms.region.x && j < uniforms.region.y) {
          let position = b * uniforms.region.w + i * uniforms.region.z + j;
          let offset = idx[position];
          if (offset >= 0 && offset < uniforms.tiles.x ${reads}) {
            value = values[b * uniforms.tiles.x + offset];
          }
        }
        result[p] = value;`,
    );
  }
}

/** Uniform values of a TGatherProgram call. */
export function tgatherUniforms(g: TileGeometry): UniformValue[] {
  const dstSize = g.dst.rows * g.dst.cols;
  return [
    { type: 'int32', data: [g.batch * dstSize] },
    { type: 'int32', data: [g.validRow, g.validCol, g.idx.cols, g.idx.rows * g.idx.cols] },
    { type: 'int32', data: [g.src.rows * g.src.cols, g.dst.cols, dstSize, 0] },
  ];
}
