/**
 * TSCATTER/TGATHER cases as backend-independent data: inputs, complete kernel attributes and
 * the expected output from the plain reference loops of test/support/tile_reference.ts (plus a
 * last-writer gather written here from the spec). `runTileCase` executes a case on whatever
 * backend is active, so one table serves the cpu, webgl and webgpu suites alike.
 */

import type { NamedAttrMap, NamedTensorMap, Tensor } from '@tensorflow/tfjs-core';
import * as tf from '@tensorflow/tfjs-core';
import {
  TGather,
  type TGatherAttrs,
  TScatter,
  type TScatterAttrs,
  tgather,
  tscatter,
} from '../../../src/index.js';
import { referenceGather, referenceScatter, toRows } from '../../support/tile_reference.js';

/** A row-major tensor as plain data. */
export interface Data {
  readonly shape: readonly number[];
  readonly values: readonly number[];
}

/** One call of a tile kernel. */
export type TileCase =
  | {
      readonly kernel: 'TScatter';
      readonly src: Data;
      readonly idx: Data;
      readonly dtype: 'float32' | 'int32';
      readonly attrs: TScatterAttrs;
    }
  | {
      readonly kernel: 'TGather';
      readonly src: Data;
      readonly idx: Data;
      readonly dtype: 'float32' | 'int32';
      readonly attrs: TGatherAttrs;
    };

/** Where the index tensor lives when the kernel runs. */
export type IndexResidence = 'cpu' | 'gpu';

/** Default attributes: whole tiles, f32/s32 declared types, `bounds: 'skip'`. */
export function scatterAttrs(
  dstShape: [number, number],
  idxShape: readonly number[],
  overrides: Partial<TScatterAttrs> = {},
): TScatterAttrs {
  return {
    dstShape,
    validRow: idxShape.at(-2)!,
    validCol: idxShape.at(-1)!,
    elementType: 'f32',
    indexType: 's32',
    bounds: 'skip',
    mode: 'assign',
    ...overrides,
  };
}

/** Default TGather attributes (see `scatterAttrs`). */
export function gatherAttrs(
  dstShape: [number, number],
  idxShape: readonly number[],
  overrides: Partial<TGatherAttrs> = {},
): TGatherAttrs {
  const { mode: _mode, ...common } = scatterAttrs(dstShape, idxShape);
  return { ...common, select: 'all', ...overrides };
}

/** Moves a tensor's data to the active GPU backend only (its suite's `gpuOnly`). */
export type GpuOnly = (t: Tensor) => unknown;

/**
 * Runs the case on the active backend: through the public op when its options can express the
 * attributes (assign / all), else through `runKernel` (add / lastWriter, the gradients' forms).
 *
 * @param gpuOnly How to move the indices to the GPU, needed for `residence: 'gpu'`.
 */
export function runTileCase(
  c: TileCase,
  residence: IndexResidence = 'cpu',
  gpuOnly?: GpuOnly,
): Tensor {
  return tf.tidy(() => {
    const src = tf.tensor(c.src.values as number[], c.src.shape as number[], c.dtype);
    const idx = tf.tensor(c.idx.values as number[], c.idx.shape as number[], 'int32');
    if (residence === 'gpu') {
      if (gpuOnly === undefined) throw new Error("residence 'gpu' needs the suite's gpuOnly");
      gpuOnly(idx);
    }
    const { attrs } = c;
    const options = {
      validRow: attrs.validRow,
      validCol: attrs.validCol,
      elementType: attrs.elementType,
      indexType: attrs.indexType,
      bounds: attrs.bounds,
      target: 'any' as const,
    };
    if (c.kernel === 'TScatter' && c.attrs.mode === 'assign') {
      return tscatter(src, idx, { ...options, dstShape: c.attrs.dstShape });
    }
    if (c.kernel === 'TGather' && c.attrs.select === 'all') {
      return tgather(src, idx, { ...options, dstShape: c.attrs.dstShape });
    }
    return tf
      .engine()
      .runKernel(
        c.kernel === 'TScatter' ? TScatter : TGather,
        { src, idx } as unknown as NamedTensorMap,
        attrs as unknown as NamedAttrMap,
      ) as Tensor;
  });
}

/** `dst[i][j] = src_flat[idx[i][j]]` only where (i, j) is the last entry naming its offset. */
function referenceLastWriterGather(
  src: number[][],
  idx: number[][],
  dst: readonly [number, number],
  validRow: number,
  validCol: number,
): number[] {
  const flat = src.flat();
  const last = new Map<number, string>();
  for (let i = 0; i < validRow; i++) {
    for (let j = 0; j < validCol; j++) last.set(idx[i]![j]!, `${i},${j}`);
  }
  const out = new Array<number>(dst[0] * dst[1]).fill(0);
  for (let i = 0; i < validRow; i++) {
    for (let j = 0; j < validCol; j++) {
      const k = idx[i]![j]!;
      if (k >= 0 && k < flat.length && last.get(k) === `${i},${j}`) out[i * dst[1] + j] = flat[k]!;
    }
  }
  return out;
}

/** Splits batched row-major data into per-tile row arrays. */
function tiles(data: Data): number[][][] {
  const [rows, cols] = data.shape.slice(-2) as [number, number];
  const batch = data.shape.length === 3 ? data.shape[0]! : 1;
  return Array.from({ length: batch }, (_, b) =>
    toRows(data.values.slice(b * rows * cols, (b + 1) * rows * cols), rows, cols),
  );
}

/** The expected output values (flat, all batch entries) from the reference loops. */
export function expectedTileResult(c: TileCase): number[] {
  const { validRow, validCol, dstShape } = c.attrs;
  const srcTiles = tiles(c.src);
  const idxTiles = tiles(c.idx);
  // float32 sums round after every addition, as the CPU loop's Float32Array does.
  const add =
    c.dtype === 'float32'
      ? (o: number, v: number) => Math.fround(o + v)
      : (o: number, v: number) => (o + v) | 0;
  return srcTiles.flatMap((src, b) => {
    const idx = idxTiles[b]!;
    if (c.kernel === 'TScatter') {
      return referenceScatter(
        src,
        idx,
        dstShape,
        validRow,
        validCol,
        c.attrs.mode === 'add' ? add : undefined,
      );
    }
    return c.attrs.select === 'lastWriter'
      ? referenceLastWriterGather(src, idx, dstShape, validRow, validCol)
      : referenceGather(src, idx, dstShape, validRow, validCol);
  });
}

/** Output shape of a case. */
export function expectedShape(c: TileCase): number[] {
  return c.src.shape.length === 3 ? [c.src.shape[0]!, ...c.attrs.dstShape] : [...c.attrs.dstShape];
}
