/**
 * The TSCATTER cases both GPU suites time, and how their inputs are put on the GPU first (so an
 * upload never lands in a timed call). The active backend (webgl or webgpu) holds the tensors.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { BenchCase } from '@tilekit/bench';
import type { GpuProbe } from '@tilekit/bench/gpu-probe';
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

/** What differs between the suites' TSCATTER bench cases. */
export interface ScatterBenchCase extends Pick<BenchCase, 'name' | 'items' | 'goal' | 'meetsGoal'> {
  /** How ours runs, for its label. */
  readonly ours: string;
  /** The baseline's label (tf.tensorScatterUpdate with equivalent indices unless given). */
  readonly tfjs?: string;
  readonly rounds?: number;
  /** Decimals of the read-back time. */
  readonly digits?: number;
}

/**
 * A bench case timing the case `of()` returns (made in the suite's setup) against
 * tf.tensorScatterUpdate, each call settled by `probe`, with the read-back time of ours.
 */
export function scatterBenchCase(
  probe: GpuProbe,
  of: () => ScatterCase,
  c: ScatterBenchCase,
): BenchCase {
  const { ours, tfjs = 'tf.tensorScatterUpdate (equivalent indices)', digits = 2, ...rest } = c;
  return {
    ...rest,
    ours: { label: ours, fn: () => probe.settle(of().ours()) },
    baselines: [{ label: tfjs, fn: () => probe.settle(of().tfjs()) }],
    extra: async () => ({
      'readback of the result (await data()), median ms': (
        await probe.readbackMs(of().ours)
      ).toFixed(digits),
    }),
  };
}

/** The goal of being within `factor` of tf.tensorScatterUpdate's time (`also` appended). */
export function withinTfjs(factor: number, also = ''): Pick<BenchCase, 'goal' | 'meetsGoal'> {
  const ratio = (1 / factor).toFixed(2);
  return {
    goal: `within ${factor}x of tf.tensorScatterUpdate (ratio >= ${ratio})${also}`,
    meetsGoal: ([r]) => r! >= 1 / factor,
  };
}
