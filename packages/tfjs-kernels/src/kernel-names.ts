/**
 * Kernel names and their typed inputs/attributes, in one place (as tfjs-core's own
 * `kernel-names.ts`). Every backend implements these contracts; attributes are plain strings
 * and numbers so kernels stay serialisable (layouts travel as canonical layout text).
 */
import type { NamedTensorInfoMap } from '@tensorflow/tfjs-core';
import type {
  BoundsMode,
  ElementType,
  GatherSelect,
  IndexType,
  ScatterMode,
} from './pto/pto-types.js';

/** Logical tensor → 1-D physical buffer under a tiled layout. */
export const TiledRelayout = 'TiledRelayout';
export type TiledRelayoutInputs = Pick<NamedTensorInfoMap, 'x'>;
export interface TiledRelayoutAttrs {
  /** Canonical layout text, e.g. `{1,0:T(8,128)(2,1)}`; applies to the input's shape. */
  layout: string;
  /** Value written into padding slots. */
  padValue: number;
}

/** 1-D physical buffer under a tiled layout → logical tensor. */
export const TiledUnrelayout = 'TiledUnrelayout';
export type TiledUnrelayoutInputs = Pick<NamedTensorInfoMap, 'buffer'>;
export interface TiledUnrelayoutAttrs {
  /** Logical dimensions of the result, most major first. */
  shape: number[];
  /** Canonical layout text of the buffer. */
  layout: string;
}

/** 1-D physical buffer in one layout → 1-D physical buffer in another, same logical shape. */
export const TiledConvertLayout = 'TiledConvertLayout';
export type TiledConvertLayoutInputs = Pick<NamedTensorInfoMap, 'buffer'>;
export interface TiledConvertLayoutAttrs {
  /** Logical dimensions shared by both layouts, most major first. */
  shape: number[];
  /** Canonical layout text of the input buffer. */
  from: string;
  /** Canonical layout text of the output buffer. */
  to: string;
  /** Value written into the output's padding slots. */
  padValue: number;
}

/** Attributes shared by TScatter and TGather (one tile, or one per leading batch entry). */
export interface TileOpAttrs {
  /** Output tile `[rows, cols]` per batch entry. */
  dstShape: [number, number];
  /** Valid rows of the index tile: only `idx[i, j]` with `i < validRow` is used. */
  validRow: number;
  /** Valid columns of the index tile: only `idx[i, j]` with `j < validCol` is used. */
  validCol: number;
  /** Declared element type of the data tiles (the values must fit it). */
  elementType: ElementType;
  /** Declared element type of the index tile (the indices must fit it). */
  indexType: IndexType;
  /** Out-of-range offsets: reject before writing anything, or skip the entry. */
  bounds: BoundsMode;
}

/** PTO TSCATTER: `dst_flat[idx[i, j]] = src[i, j]` over the index tile's valid region. */
export const TScatter = 'TScatter';
export type TScatterInputs = Pick<NamedTensorInfoMap, 'src' | 'idx'>;
export interface TScatterAttrs extends TileOpAttrs {
  /** `'assign'`: last writer in row-major order wins; `'add'`: values are summed. */
  mode: ScatterMode;
}

/** PTO TGATHER: `dst[i, j] = src_flat[idx[i, j]]` over the index tile's valid region. */
export const TGather = 'TGather';
export type TGatherInputs = Pick<NamedTensorInfoMap, 'src' | 'idx'>;
export interface TGatherAttrs extends TileOpAttrs {
  /** `'lastWriter'`: read only where `(i, j)` is the last writer of its offset (zero elsewhere). */
  select: GatherSelect;
}

/** Every tilekit kernel's typed contract, keyed by kernel name (see `runTilekitKernel`). */
export interface KernelSignatures {
  [TiledRelayout]: { inputs: TiledRelayoutInputs; attrs: TiledRelayoutAttrs };
  [TiledUnrelayout]: { inputs: TiledUnrelayoutInputs; attrs: TiledUnrelayoutAttrs };
  [TiledConvertLayout]: { inputs: TiledConvertLayoutInputs; attrs: TiledConvertLayoutAttrs };
  [TScatter]: { inputs: TScatterInputs; attrs: TScatterAttrs };
  [TGather]: { inputs: TGatherInputs; attrs: TGatherAttrs };
}
