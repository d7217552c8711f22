/**
 * A TScatter/TGather kernel call as every backend reads it: the two inputs, the attributes and
 * the geometry they imply.
 */
import type { KernelFunc, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';
import type { TileOpAttrs } from '../kernel-names.js';
import { type TileGeometry, tileGeometry } from './tile-geometry.js';

/** A TScatter/TGather call's inputs and geometry. */
export interface TileData<A extends TileOpAttrs> {
  readonly src: TensorInfo;
  readonly idx: TensorInfo;
  readonly attrs: A;
  readonly g: TileGeometry;
}

/** Reads a kernel call's `src` and `idx` inputs and attributes, and derives its geometry. */
export function readTileData<A extends TileOpAttrs>(args: Parameters<KernelFunc>[0]): TileData<A> {
  const src = args.inputs.src as TensorInfo;
  const idx = args.inputs.idx as TensorInfo;
  const attrs = args.attrs as NamedAttrMap as unknown as A;
  const g = tileGeometry(src.shape, idx.shape, attrs.dstShape, attrs.validRow, attrs.validCol);
  return { src, idx, attrs, g };
}
