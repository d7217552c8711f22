/**
 * The TSCATTER cases both GPU suites time, and how their inputs are put on the GPU first (so an
 * upload never lands in a timed call). The active backend (webgl or webgpu) holds the tensors.
 */
import * as tf from '@tensorflow/tfjs-core';
import { tscatter } from '../../src/index.js';

/** `t` with its data uploaded to the active GPU backend, as a previous op's output would be. */
export function onGpu<T extends tf.Tensor>(t: T): T {
  (tf.backend() as unknown as { uploadToGPU(dataId: object): void }).uploadToGPU(t.dataId);
  return t;
}

/**
 * A TSCATTER case: `offsets` (one per element of a side x side source tile) into a
 * `dstShape` destination, and the tfjs equivalent. Source values are distinct (k + 0.5), so a
 * duplicate offset's winner shows in the result.
 */
export function scatterCase(
  side: number,
  offsets: Int32Array,
  dstShape: readonly [number, number],
) {
  const n = side * side;
  const values = Float32Array.from({ length: n }, (_, k) => k + 0.5);
  const src = onGpu(tf.tensor2d(values, [side, side]));
  // Ours reads the indices on the CPU (they stay there); tfjs's kernel reads them on the GPU.
  const idx = tf.tensor2d(offsets, [side, side], 'int32');
  const base = onGpu(tf.zeros([dstShape[0] * dstShape[1]]));
  const indices = onGpu(tf.tensor2d(offsets, [n, 1], 'int32'));
  const updates = onGpu(tf.tensor1d(values));
  /** What a sequential loop writes: each destination's last writer in row-major order. */
  const lastWriters = new Float32Array(dstShape[0] * dstShape[1]);
  offsets.forEach((offset, k) => {
    lastWriters[offset] = values[k]!;
  });
  return {
    ours: () => tscatter(src, idx, { dstShape: [...dstShape] }),
    tfjs: () => tf.tensorScatterUpdate(base, indices, updates),
    lastWriters,
    dispose: () => tf.dispose([src, idx, base, indices, updates]),
  };
}

/** A TSCATTER case with its tfjs equivalent and the sequential last writers. */
export type ScatterCase = ReturnType<typeof scatterCase>;

/** A random permutation of a side x side tile onto itself. */
export function permutationCase(side: number): ScatterCase {
  const offsets = Int32Array.from(tf.util.createShuffledIndices(side * side));
  return scatterCase(side, offsets, [side, side]);
}
