/**
 * One pass over the index tile's valid entries that combines each entry into the slot its offset
 * addresses with an atomic, so duplicates resolve the same way in every run:
 *
 * - `lastWriter`: `atomicMax` of the entry's flat position in the index tensor. Positions grow in
 *   row-major order within a batch entry, so each slot ends up holding its last writer: the
 *   entry PTO's sequential loop would leave there (the slots start at -1, "no writer").
 * - `add` (int32 only): `atomicAdd` of the entry's value. Two's-complement addition wraps and is
 *   associative, so the order of the additions cannot change the sum; it equals the CPU loop's
 *   Int32Array stores.
 *
 * Offsets outside the addressed tile are skipped (`bounds: 'error'` was checked before).
 */

import type { TileGeometry } from '../../impl/tile_geometry.js';
import { FlatProgram, forEachElement } from '../flat_program.js';
import type { UniformValue } from '../residency.js';

/** How an entry is combined into its slot. */
export type AtomicCombine = 'lastWriter' | 'add';

export class ScatterAtomicProgram extends FlatProgram {
  readonly variableNames: string[];
  readonly atomic = true;
  // region: (validRow, validCol, idxCols, idxSize); source: (srcCols, srcSize, addressedSize, 0)
  readonly uniforms = 'count : i32, region : vec4<i32>, source : vec4<i32>,';
  private readonly combine: AtomicCombine;

  /**
   * @param slots Slots of the output (batch x addressed tile size).
   * @param entries Valid index entries over all batch entries.
   */
  constructor(combine: AtomicCombine, slots: number, entries: number) {
    super(`scatter_atomic_${combine}`, slots, entries);
    this.combine = combine;
    this.variableNames = combine === 'add' ? ['idx', 'values'] : ['idx'];
  }

  getUserCode(): string {
    const store =
      this.combine === 'add'
        ? 'atomicAdd(&result[slot], values[b * uniforms.source.y + i * uniforms.source.x + j]);'
        : 'atomicMax(&result[slot], position);';
    return forEachElement(
      'uniforms.count',
      `let perTile = uniforms.region.x * uniforms.region.y;
        let b = p / perTile;
        let e = p - b * perTile;
        let i = e / uniforms.region.y;
        let j = e - i * uniforms.region.y;
        let position = b * uniforms.region.w + i * uniforms.region.z + j;
        let offset = idx[position];
        if (offset >= 0 && offset < uniforms.source.z) {
          let slot = b * uniforms.source.z + offset;
          ${store}
        }`,
    );
  }
}

/** Uniform values of a ScatterAtomicProgram call whose offsets address `addressedSize` slots. */
export function scatterAtomicUniforms(g: TileGeometry, addressedSize: number): UniformValue[] {
  return [
    { type: 'int32', data: [g.batch * g.validRow * g.validCol] },
    { type: 'int32', data: [g.validRow, g.validCol, g.idx.cols, g.idx.rows * g.idx.cols] },
    { type: 'int32', data: [g.src.cols, g.src.rows * g.src.cols, addressedSize, 0] },
  ];
}
