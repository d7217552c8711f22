/**
 * Random calls of the five ops as plain data, and how to run one on the active backend: the
 * differential suite runs each on `cpu` and on `webgpu` and compares the bits.
 */

import type { NamedAttrMap, NamedTensorMap, Tensor } from '@tensorflow/tfjs-core';
import { inverseMap } from '@tilekit/layout';
import fc from 'fast-check';
import {
  convertLayout,
  relayout,
  shapeText,
  type TGather,
  type TGatherAttrs,
  TScatter,
  type TScatterAttrs,
  unrelayout,
} from '../../../src/index.js';
import { layoutText } from '../../browser/support/layout_arbitrary.js';
import { gpuOnly, tf } from './backends.js';

export type LayoutDtype = 'float32' | 'int32' | 'bool';

/** One relayout-family call on a logical tensor of `dims`. */
export interface LayoutCall {
  readonly op: 'relayout' | 'unrelayout' | 'convertLayout';
  readonly dtype: LayoutDtype;
  readonly dims: readonly number[];
  readonly values: readonly number[];
  /** relayout's target layout, or the input buffer's layout. */
  readonly layout: string;
  readonly to: string;
  readonly padValue: number;
}

/** One TScatter/TGather kernel call. */
export interface TileCall {
  readonly kernel: typeof TScatter | typeof TGather;
  readonly dtype: 'float32' | 'int32';
  readonly src: { shape: number[]; values: number[] };
  readonly idx: { shape: number[]; values: number[] };
  readonly attrs: TScatterAttrs | TGatherAttrs;
  /** Whether the index tensor is moved to the GPU (dropping its CPU copy) first. */
  readonly idxOnGpu: boolean;
}

/** Float32 values with the specials data movement must keep: -0, NaN, ±Inf, subnormals. */
const float32Value = fc.oneof(
  { weight: 8, arbitrary: fc.float({ noDefaultInfinity: false }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY, -1e-45, 3e-39),
  },
);

/** `length` values of `dtype`: int32 over the whole range (WebGPU stores it exactly). */
export function valuesOf(dtype: LayoutDtype, length: number): fc.Arbitrary<number[]> {
  const value =
    dtype === 'bool'
      ? fc.integer({ min: 0, max: 1 })
      : dtype === 'int32'
        ? fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })
        : float32Value;
  return fc.array(value, { minLength: length, maxLength: length });
}

function padOf(dtype: LayoutDtype): fc.Arbitrary<number> {
  if (dtype === 'bool') return fc.integer({ min: 0, max: 1 });
  if (dtype === 'int32') return fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
  return float32Value.map(Math.fround);
}

/** A random relayout-family call: ranks 1..6, any layout the generator writes. */
export function layoutCall(op: LayoutCall['op']): fc.Arbitrary<LayoutCall> {
  return fc
    .record({
      dtype: fc.constantFrom<LayoutDtype>('float32', 'int32', 'bool'),
      rank: fc.integer({ min: 1, max: 6 }),
    })
    .chain(({ dtype, rank }) =>
      fc
        .array(fc.integer({ min: 1, max: rank <= 3 ? 9 : 4 }), { minLength: rank, maxLength: rank })
        .chain((dims) =>
          fc.record({
            op: fc.constant(op),
            dtype: fc.constant(dtype),
            dims: fc.constant(dims),
            values: valuesOf(
              dtype,
              dims.reduce((a, b) => a * b, 1),
            ),
            layout: layoutText(rank),
            to: layoutText(rank),
            padValue: padOf(dtype),
          }),
        ),
    );
}

/** Runs a relayout-family call on the active backend. */
export function runLayoutCall(c: LayoutCall): Tensor {
  return tf.tidy(() => {
    const whole = shapeText(c.dtype, c.dims, c.layout);
    if (c.op === 'relayout') {
      const x = tf.tensor(c.values as number[], c.dims as number[], c.dtype);
      return relayout(x, c.layout, { padValue: c.padValue });
    }
    // An input buffer whose padding slots hold a marker that must never reach the output.
    const marker = c.dtype === 'bool' ? 1 : 77;
    const buffer = tf.tensor1d(
      Array.from(inverseMap(whole), (i) => (i < 0 ? marker : c.values[i]!)),
      c.dtype,
    );
    return c.op === 'unrelayout'
      ? unrelayout(buffer, whole)
      : convertLayout(buffer, whole, c.to, { padValue: c.padValue });
  });
}

/**
 * A random TSCATTER/TGATHER call: batches, valid regions, duplicate and out-of-range offsets
 * (skipped), assign/add and all/lastWriter, indices on the CPU or only on the GPU.
 */
export function tileCall(kernel: TileCall['kernel']): fc.Arbitrary<TileCall> {
  return fc
    .record({
      batch: fc.integer({ min: 0, max: 3 }),
      srcRows: fc.integer({ min: 1, max: 6 }),
      srcCols: fc.constantFrom(8, 16, 24),
      idxRows: fc.integer({ min: 1, max: 6 }),
      idxCols: fc.constantFrom(8, 16),
      dstRows: fc.integer({ min: 1, max: 6 }),
      dstCols: fc.constantFrom(8, 16, 24),
      dtype: fc.constantFrom('float32' as const, 'int32' as const),
      second: fc.boolean(),
      idxOnGpu: fc.boolean(),
    })
    .chain((g) => {
      const lead = g.batch === 0 ? [] : [g.batch];
      const tiles = Math.max(1, g.batch);
      const scatter = kernel === TScatter;
      const addressed = scatter ? g.dstRows * g.dstCols : g.srcRows * g.srcCols;
      const dataRows = scatter ? g.srcRows : g.dstRows;
      const dataCols = scatter ? g.srcCols : g.dstCols;
      return fc.record({
        kernel: fc.constant(kernel),
        dtype: fc.constant(g.dtype),
        src: valuesOf(g.dtype, tiles * g.srcRows * g.srcCols).map((values) => ({
          shape: [...lead, g.srcRows, g.srcCols],
          values,
        })),
        // A small range forces duplicates; -2, -1 and addressed, addressed + 1 are skipped.
        idx: fc
          .array(fc.integer({ min: -2, max: addressed + 1 }), {
            minLength: tiles * g.idxRows * g.idxCols,
            maxLength: tiles * g.idxRows * g.idxCols,
          })
          .map((values) => ({ shape: [...lead, g.idxRows, g.idxCols], values })),
        attrs: fc
          .record({
            validRow: fc.integer({ min: 0, max: Math.min(g.idxRows, dataRows) }),
            validCol: fc.integer({ min: 0, max: Math.min(g.idxCols, dataCols) }),
          })
          .map(({ validRow, validCol }) => {
            const common = {
              dstShape: [g.dstRows, g.dstCols] as [number, number],
              validRow,
              validCol,
              elementType: g.dtype === 'int32' ? ('s32' as const) : ('f32' as const),
              indexType: 's32' as const,
              bounds: 'skip' as const,
            };
            return scatter
              ? { ...common, mode: g.second ? ('add' as const) : ('assign' as const) }
              : { ...common, select: g.second ? ('lastWriter' as const) : ('all' as const) };
          }),
        // float32 sums build their writer lists on the CPU, which would read GPU-only indices
        // back synchronously (see the README: that loses the device in headless Chromium on
        // SwiftShader).
        idxOnGpu: fc.constant(g.idxOnGpu && !(scatter && g.second && g.dtype === 'float32')),
      });
    });
}

/** Runs a tile kernel call on the active backend (through `runKernel`: every mode). */
export function runTileCall(c: TileCall): Tensor {
  return tf.tidy(() => {
    const src = tf.tensor(c.src.values, c.src.shape, c.dtype);
    const idx = tf.tensor(c.idx.values, c.idx.shape, 'int32');
    if (c.idxOnGpu && tf.getBackend() === 'webgpu') gpuOnly(idx);
    return tf
      .engine()
      .runKernel(
        c.kernel,
        { src, idx } as unknown as NamedTensorMap,
        c.attrs as unknown as NamedAttrMap,
      ) as Tensor;
  });
}
