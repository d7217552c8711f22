/**
 * One pass over the index tile's valid entries that combines each entry into the slot its offset
 * addresses with an atomic, so duplicates resolve the same way in every run:
 *
 * - `lastSource` (TSCATTER): `atomicMax` of the entry's flat source index plus 1. Within a batch
 *   entry the source index grows in row-major (i, j) order (the valid region never overhangs the
 *   source tile), so each slot ends up holding its last writer, the entry PTO's sequential loop
 *   would leave there, as the very element the next pass copies (0 means "no writer").
 * - `lastPosition` (TGATHER `'lastWriter'`): the same with the entry's position in the index
 *   tensor plus 1, which the gather compares with its own entry.
 * - `add` (int32 only): `atomicAdd` of the entry's value. Two's-complement addition wraps and is
 *   associative, so the order of the additions cannot change the sum; it equals the CPU loop's
 *   Int32Array stores.
 *
 * Slots start at 0 (see ../zeroed-slots.ts). Each invocation takes a run of `width` entries
 * along a row (when the valid width allows), so the row and column come from two divisions per
 * run, and reads the run's offsets (and, adding, its values) as one vector: a warp then reads
 * one contiguous span, where scalar reads a run apart would touch four times the sectors.
 * Offsets outside the addressed tile are skipped (`bounds: 'error'` was checked before).
 */

import type { UniformValue } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { FlatProgram, wgslForEachElement } from '@tilekit/tfjs-backend-support/webgpu-passes';
import type { TileGeometry } from '../../impl/tile-geometry.js';

/** How an entry is combined into its slot. */
export type AtomicCombine = 'lastSource' | 'lastPosition' | 'add';

/**
 * Entries per invocation: 4 where every run of 4 starts on a vector boundary of the index tile
 * (and, adding, of the value tile), so it can be read as one `vec4`; else 1.
 */
export function entryRunWidth(g: TileGeometry, combine: AtomicCombine): number {
  const aligned =
    g.validCol % 4 === 0 && g.idx.cols % 4 === 0 && (combine !== 'add' || g.src.cols % 4 === 0);
  return aligned ? 4 : 1;
}

export class ScatterAtomicProgram extends FlatProgram {
  readonly variableNames: string[];
  readonly variableComponents: number[];
  readonly atomic = true;
  // region: (validRow, runs per row, idxCols, idxSize); source: (srcCols, srcSize, addressedSize, 0)
  readonly uniforms = 'count : i32, region : vec4<i32>, source : vec4<i32>,';
  private readonly combine: AtomicCombine;
  private readonly width: number;

  /**
   * @param slots Slots of the output (batch x addressed tile size).
   * @param runs Runs of entries over all batch entries (see {@link scatterAtomicUniforms}).
   * @param width Entries per run ({@link entryRunWidth}).
   */
  constructor(combine: AtomicCombine, slots: number, runs: number, width: number) {
    super(`scatter_atomic_${combine}_w${width}`, slots, runs);
    this.combine = combine;
    this.width = width;
    this.variableNames = combine === 'add' ? ['idx', 'values'] : ['idx'];
    this.variableComponents = this.variableNames.map(() => width);
  }

  getUserCode(): string {
    const vector = this.width > 1;
    const lane = (name: string, k: number) => (vector ? `${name}[${k}]` : name);
    const entries = Array.from({ length: this.width }, (_, k) => {
      const store =
        this.combine === 'add'
          ? `atomicAdd(&result[slot], ${lane('addends', k)});`
          : this.combine === 'lastSource'
            ? `atomicMax(&result[slot], source0 + ${k + 1});`
            : `atomicMax(&result[slot], position0 + ${k + 1});`;
      return `{
          let offset = ${lane('offsets', k)};
          if (offset >= 0 && offset < uniforms.source.z) {
            let slot = b * uniforms.source.z + offset;
            ${store}
          }
        }`;
    });
    return wgslForEachElement(
      'uniforms.count',
      `let perTile = uniforms.region.x * uniforms.region.y;
        let b = p / perTile;
        let e = p - b * perTile;
        let i = e / uniforms.region.y;
        let j = (e - i * uniforms.region.y) * ${this.width};
        let position0 = b * uniforms.region.w + i * uniforms.region.z + j;
        let source0 = b * uniforms.source.y + i * uniforms.source.x + j;
        let offsets = idx[position0 / ${this.width}];
        ${this.combine === 'add' ? `let addends = values[source0 / ${this.width}];` : ''}
        ${entries.join('\n        ')}`,
    );
  }
}

/**
 * Uniform values of a ScatterAtomicProgram call whose offsets address `addressedSize` slots, in
 * runs of `width` entries; also returns the number of runs (the pass's count).
 */
export function scatterAtomicUniforms(
  g: TileGeometry,
  addressedSize: number,
  width: number,
): { runs: number; uniforms: UniformValue[] } {
  const perRow = g.validCol / width;
  const runs = g.batch * g.validRow * perRow;
  return {
    runs,
    uniforms: [
      { type: 'int32', data: [runs] },
      { type: 'int32', data: [g.validRow, perRow, g.idx.cols, g.idx.rows * g.idx.cols] },
      { type: 'int32', data: [g.src.cols, g.src.rows * g.src.cols, addressedSize, 0] },
    ],
  };
}
