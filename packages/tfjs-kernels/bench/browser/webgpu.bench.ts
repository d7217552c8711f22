/**
 * WebGPU benchmarks, run in headless Chromium by tools/bench/src/browser (WebGPU on SwiftShader,
 * launched with `--enable-unsafe-webgpu`): the relayout family against tf.transpose of the same
 * bytes and against the stock composition (./layout-cases.ts), and the TSCATTER passes against
 * tf.tensorScatterUpdate with equivalent indices.
 *
 * Kernel time ends when the device reports the submitted work done; reading the whole result
 * back is measured separately, as are pipeline compilations. Where the adapter has
 * `timestamp-query` (tfjs then requests it), each tile-op case also reports the GPU's own time
 * for the passes of one call (`tf.time`'s `kernelMs`, from timestamps written at the start and
 * end of each pass) and the rest of the call's wall time, the per-call overhead; on an adapter
 * without it those lines say so. The duplicate-offset case also
 * counts how many distinct results 20 runs of each op give: tfjs-backend-webgpu stores
 * duplicates with racing `atomicStore`s, so its winner is whichever thread stored last.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import {
  type BenchCase,
  type BenchFn,
  type BenchSuite,
  defineBenchSuite,
  median,
} from '@tilekit/bench';
import { webgpuProbe } from '@tilekit/bench/gpu-probe';
import { AT_LEAST_AS_FAST_AS_BOTH, layoutCases } from './layout-cases.js';
import {
  permutationCase,
  type ScatterCase,
  scatterBenchCase,
  scatterCase,
  withinTfjs,
} from './scatter-case.js';
import '../../src/register-webgpu.js';

/** Settling (the device's work done), read-back timing and pipeline compile counts on WebGPU. */
const probe = webgpuProbe();

/** Whether the backend's device writes timestamps (it asks for them where the adapter can). */
function hasTimestampQueries(): boolean {
  const backend = tf.findBackend('webgpu') as unknown as { supportTimestampQuery?: boolean };
  return backend.supportTimestampQuery === true;
}

/**
 * The GPU time of one call of `run` (its passes, from timestamp queries) and the rest of the
 * call's wall time, medians over `samples` calls, in lines named after `who`; `n/a` lines
 * without `timestamp-query`.
 */
async function kernelTimes(
  run: BenchFn,
  who: string,
  samples = 7,
): Promise<Record<string, string>> {
  const kernelKey = `GPU time of ${who} (timestamp-query), median µs`;
  const overheadKey = `call overhead of ${who} (wall time minus GPU time), median µs`;
  if (!hasTimestampQueries()) {
    const none = 'n/a (the adapter has no timestamp-query)';
    return { [kernelKey]: none, [overheadKey]: none };
  }
  const kernel: number[] = [];
  const wall: number[] = [];
  for (let s = 0; s < samples; s++) {
    let settled: unknown;
    const timing = await tf.time(() => {
      settled = run.fn();
    });
    await settled;
    if (typeof timing.kernelMs !== 'number') throw new Error('timestamp queries gave no time');
    kernel.push(timing.kernelMs);
    wall.push(timing.wallMs);
  }
  return {
    [kernelKey]: (median(kernel) * 1000).toFixed(1),
    [overheadKey]: (Math.max(0, median(wall) - median(kernel)) * 1000).toFixed(1),
  };
}

/**
 * `c` with the GPU time and the call overhead of its passes and of its first baseline's added to
 * its extra lines: on a real GPU the waited wall time of a call at these sizes is mostly the
 * host's, and these lines say how much.
 */
function withKernelTimes(c: BenchCase): BenchCase {
  const baseline = c.baselines[0];
  return {
    ...c,
    extra: async () => ({
      ...(await c.extra?.()),
      ...(await kernelTimes(c.ours, 'our passes')),
      ...(baseline === undefined ? {} : await kernelTimes(baseline, baseline.label)),
    }),
  };
}

/** Deterministic pseudo-random offsets in [0, slots). */
function randomOffsets(count: number, slots: number, seed: number): Int32Array {
  const random = seededRandom(seed);
  return Int32Array.from({ length: count }, () => Math.floor(random() * slots));
}

/** How many distinct results `runs` calls of `run` give, and how many equal `expected`. */
async function distinctResults(
  run: () => tf.Tensor,
  expected: Float32Array,
  runs = 20,
): Promise<{ distinct: number; lastWriter: number }> {
  const expectedKey = new Uint32Array(expected.buffer).join(',');
  const seen = new Set<string>();
  let lastWriter = 0;
  for (let r = 0; r < runs; r++) {
    const out = run();
    const bits = new Uint32Array(Float32Array.from(await out.data()).buffer).join(',');
    out.dispose();
    seen.add(bits);
    if (bits === expectedKey) lastWriter += 1;
  }
  return { distinct: seen.size, lastWriter };
}

const DUP_UPDATES = 65_536;
const DUP_SLOTS = 1024;
let permutation: ScatterCase;
let duplicates: ScatterCase;

/** Starts the webgpu backend as every case expects it. */
async function startWebgpu(): Promise<void> {
  if (!(await tf.setBackend('webgpu'))) throw new Error('the webgpu backend failed to start');
  // Inputs stay on the GPU in every case; no forwarding of small ones to the CPU.
  tf.env().set('WEBGPU_CPU_FORWARD', false);
  probe.countCompilations();
}

/**
 * The layout cases alone at `n`² (see ./layout-cases.ts), each with its passes' GPU time: for a
 * real GPU, whose memory system decides only at sizes far past its caches.
 */
export function layoutWebgpuSuite(device: string, n: number): BenchSuite {
  const layoutBench = layoutCases(probe, 'pipelines compiled', () => AT_LEAST_AS_FAST_AS_BOTH, n);
  return defineBenchSuite({
    name: `tfjs-kernels: WebGPU layout ops at ${n}² (${device})`,
    setup: async () => {
      await startWebgpu();
      layoutBench.setup();
    },
    teardown: () => layoutBench.dispose(),
    cases: layoutBench.cases.map(withKernelTimes),
  });
}

/** The suite, named after where it runs (`device`: the adapter and how it is reached). */
export function tileOpsWebgpuSuite(device: string): BenchSuite {
  const layoutBench = layoutCases(probe, 'pipelines compiled', () => AT_LEAST_AS_FAST_AS_BOTH);
  return defineBenchSuite({
    name: `tfjs-kernels: WebGPU (${device})`,
    setup: async () => {
      await startWebgpu();
      layoutBench.setup();
      permutation = permutationCase(256);
      duplicates = scatterCase(256, randomOffsets(DUP_UPDATES, DUP_SLOTS, 12345), [32, 32]);
    },
    teardown: () => {
      layoutBench.dispose();
      permutation.dispose();
      duplicates.dispose();
    },
    cases: [
      ...layoutBench.cases.map(withKernelTimes),
      scatterBenchCase(probe, () => permutation, {
        name: 'tscatter 256x256 random permutation',
        items: 256 * 256,
        ours: 'tscatter (atomicMax last-writer pass + gather pass)',
        ...withinTfjs(1.5, ', deterministic'),
      }),
      {
        ...scatterBenchCase(probe, () => duplicates, {
          name: `tscatter ${DUP_UPDATES} updates into ${DUP_SLOTS} slots (random offsets, ~64 writers per slot)`,
          items: DUP_UPDATES,
          ours: 'tscatter (last writer in row-major order)',
          tfjs: 'tf.tensorScatterUpdate (equivalent indices; racing winner)',
          ...withinTfjs(1.5, ', deterministic'),
        }),
        extra: async () => {
          const ours = await distinctResults(duplicates.ours, duplicates.lastWriters);
          const tfjs = await distinctResults(duplicates.tfjs, duplicates.lastWriters);
          return {
            'tscatter: distinct results in 20 runs (runs equal to the sequential last writer)': `${ours.distinct} (${ours.lastWriter} of 20)`,
            'tf.tensorScatterUpdate: distinct results in 20 runs (runs equal to the sequential last writer)': `${tfjs.distinct} (${tfjs.lastWriter} of 20)`,
          };
        },
      },
    ],
  });
}

export default tileOpsWebgpuSuite('headless Chromium, SwiftShader');
