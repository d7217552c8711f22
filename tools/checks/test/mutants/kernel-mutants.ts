/**
 * Deliberately broken kernel ops: each wraps the real `@tilekit/tfjs-kernels` op and breaks
 * exactly one rule of TSCATTER or relayout.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { KernelOps, TileOpCallOptions } from '@tilekit/conformance';

type ScatterOptions = TileOpCallOptions & { dstShape: readonly number[] };

/** PTO rows: 32 bytes, i.e. 8 float32/int32 columns. */
const ALIGN = 8;

const asTensor = (t: unknown) => t as tf.Tensor;

/**
 * First writer wins: the valid region is replayed in reverse row-major order through the real
 * (last-writer-wins) op, as one aligned row, so the first writer of each offset is the last.
 */
export function firstWriterWins(real: KernelOps<tf.Tensor>): KernelOps<tf.Tensor> {
  return {
    ...real,
    tscatter(src, idx, options: ScatterOptions) {
      const [srcTensor, idxTensor] = [asTensor(src), asTensor(idx)];
      const [rows, cols] = idxTensor.shape as [number, number];
      const validRow = options.validRow ?? rows;
      const validCol = options.validCol ?? cols;
      const values = srcTensor.dataSync();
      const offsets = idxTensor.dataSync();
      const srcCols = srcTensor.shape[1]!;
      const order: number[][] = [];
      for (let i = 0; i < validRow; i++) for (let j = 0; j < validCol; j++) order.push([i, j]);
      order.reverse();
      const width = Math.ceil(order.length / ALIGN) * ALIGN;
      const pad = (list: number[]) => [...list, ...Array<number>(width - list.length).fill(0)];
      return tf.tidy(() =>
        asTensor(
          real.tscatter!(
            tf.tensor2d(
              pad(order.map(([i, j]) => values[i! * srcCols + j!]!)),
              [1, width],
              srcTensor.dtype as 'float32',
            ),
            tf.tensor2d(pad(order.map(([i, j]) => offsets[i! * cols + j!]!)), [1, width], 'int32'),
            { ...options, validRow: 1, validCol: order.length },
          ),
        ),
      );
    },
  };
}

/** The valid region taken from the source tile's extent instead of the index tile's valid region. */
export function validRegionFromSrc(real: KernelOps<tf.Tensor>): KernelOps<tf.Tensor> {
  return {
    ...real,
    tscatter(src, idx, options: ScatterOptions) {
      const validRow = Math.min(src.shape[0]!, idx.shape[0]!);
      const validCol = Math.min(src.shape[1]!, idx.shape[1]!);
      return real.tscatter!(src, idx, { ...options, validRow, validCol });
    },
  };
}

/** Padding not zeroed: relayout fills padding with a stale value whatever `padValue` says. */
export function paddingNotZeroed(real: KernelOps<tf.Tensor>): KernelOps<tf.Tensor> {
  const { relayout } = real;
  if (!relayout) return real;
  return {
    ...real,
    relayout: (x, layout, options) => relayout.call(real, x, layout, { ...options, padValue: 13 }),
  };
}
