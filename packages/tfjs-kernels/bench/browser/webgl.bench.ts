/**
 * WebGL benchmarks, run in headless Chromium by tools/bench/src/browser (SwiftShader WebGL2):
 * the relayout family against tf.transpose of the same bytes and against the stock composition
 * (./layout-cases.ts), and the TSCATTER pass against tf.tensorScatterUpdate with equivalent indices.
 *
 * Kernel time ends at a sync point that reads one texel of the output (the GPU must have
 * finished writing it); reading the whole result back is measured separately, as are shader
 * compilations.
 */
import '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
import { defineBenchSuite } from '@tilekit/bench';
import { webglProbe } from '@tilekit/bench/gpu-probe';
import { layoutCases } from './layout-cases.js';
import { permutationCase, type ScatterCase, scatterBenchCase, withinTfjs } from './scatter-case.js';
import '../../src/register-webgl.js';

/** Settling (a one-texel read), read-back timing and shader compile counts on WebGL. */
const probe = webglProbe();

/** The WebGL goal is on the T(8,128) relayout; the other cases are timed for the record. */
const layoutBench = layoutCases(probe, 'shader compiles', (id) =>
  id === 'tiled'
    ? {
        text: 'within 1.2x of tf.transpose (ratio >= 0.83)',
        meets: (ratios) => ratios[0]! >= 1 / 1.2,
      }
    : null,
);

let small: ScatterCase;
let large: ScatterCase;

export default defineBenchSuite({
  name: 'tfjs-kernels: WebGL (headless Chromium, SwiftShader)',
  setup: async () => {
    await tf.setBackend('webgl');
    if (tf.env().getNumber('WEBGL_VERSION') !== 2) throw new Error('WebGL2 is required');
    probe.countCompilations();
    layoutBench.setup();
    small = permutationCase(16);
    large = permutationCase(256);
  },
  teardown: () => {
    layoutBench.dispose();
    small.dispose();
    large.dispose();
  },
  cases: [
    ...layoutBench.cases,
    scatterBenchCase(probe, () => large, {
      name: 'tscatter 256x256 random permutation',
      items: 256 * 256,
      ours: 'tscatter (CPU-built inverse map + one gather pass)',
      goal: '>= 10x faster than tf.tensorScatterUpdate',
      meetsGoal: ([ratio]) => ratio! >= 10,
      // The baseline is O(outputs x updates): ~40 s per call on SwiftShader, so 3 rounds.
      rounds: 3,
      digits: 1,
    }),
    scatterBenchCase(probe, () => small, {
      name: 'tscatter 16x16 random permutation',
      items: 16 * 16,
      ours: 'tscatter',
      ...withinTfjs(1.2),
    }),
  ],
});
