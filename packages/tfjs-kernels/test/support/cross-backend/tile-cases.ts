/**
 * TSCATTER/TGATHER cases as backend-independent data: inputs, complete kernel attributes and
 * the expected output from @tilekit/conformance's reference loops (and, for scatter-add and the
 * last-writer gather, test/support/tile-reference.ts). `runTileCase` executes a case on whatever
 * backend is active, so one table serves the cpu, webgl and webgpu suites alike.
 */

import type { NamedAttrMap, NamedTensorMap, Tensor } from '@tensorflow/tfjs-core';
import * as tf from '@tensorflow/tfjs-core';
import { referenceTGather, referenceTScatter, type TileCall } from '@tilekit/conformance/testing';
import {
  TGather,
  type TGatherAttrs,
  TScatter,
  type TScatterAttrs,
  tgather,
  tscatter,
} from '../../../src/index.js';
import { referenceLastWriterTGather, referenceTScatterAdd } from '../tile-reference.js';

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
      // 'general' checks no PTO tile rule, so cases may have unaligned rows.
      target: 'general' as const,
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

/** The tiles of batched row-major data: shape `[rows, cols]` and each batch entry's storage. */
function tiles(data: Data): { shape: [number, number]; entries: number[][] } {
  const [rows, cols] = data.shape.slice(-2) as [number, number];
  const batch = data.shape.length === 3 ? data.shape[0]! : 1;
  const entries = Array.from({ length: batch }, (_, b) =>
    data.values.slice(b * rows * cols, (b + 1) * rows * cols),
  );
  return { shape: [rows, cols], entries };
}

/** The expected output values (flat, all batch entries) from the reference loops. */
export function expectedTileResult(c: TileCase): number[] {
  const { validRow, validCol, dstShape } = c.attrs;
  const src = tiles(c.src);
  const idx = tiles(c.idx);
  // float32 sums round after every addition, as the CPU loop's Float32Array does.
  const add =
    c.dtype === 'float32'
      ? (o: number, v: number) => Math.fround(o + v)
      : (o: number, v: number) => (o + v) | 0;
  return src.entries.flatMap((values, b) => {
    const call: TileCall = {
      src: values,
      srcShape: src.shape,
      idx: idx.entries[b]!,
      idxShape: idx.shape,
      dstShape,
      validRow,
      validCol,
    };
    if (c.kernel === 'TScatter') {
      return c.attrs.mode === 'add' ? referenceTScatterAdd(call, add) : referenceTScatter(call);
    }
    return c.attrs.select === 'lastWriter'
      ? referenceLastWriterTGather(call)
      : referenceTGather(call);
  });
}

/** Output shape of a case. */
export function expectedShape(c: TileCase): number[] {
  return c.src.shape.length === 3 ? [c.src.shape[0]!, ...c.attrs.dstShape] : [...c.attrs.dstShape];
}
