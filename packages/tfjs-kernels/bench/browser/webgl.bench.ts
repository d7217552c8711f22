/**
 * WebGL benchmarks, run in headless Chromium by tools/bench/src/browser (SwiftShader WebGL2):
 * the relayout pass against tf.transpose and against the stock pad → reshape → transpose
 * composition, and the TSCATTER pass against tf.tensorScatterUpdate with equivalent indices.
 *
 * Kernel time ends at a sync point that reads one texel of the output (the GPU must have
 * finished writing it); reading the whole result back is measured separately, as are shader
 * compilations.
 */
import '@tensorflow/tfjs-backend-webgl';
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
import { defineBenchSuite } from '@tilekit/bench';
import { relayoutPlan } from '@tilekit/layout';
import { relayout, shapeText } from '../../src/index.js';
import { GpuProbe, onEachCall } from './gpu_probe.js';
import { onGpu, permutationCase, type ScatterCase } from './scatter_case.js';
import { stockRelayout } from './stock_relayout.js';
import '../../src/register-webgl.js';

function webgl(): MathBackendWebGL {
  return tf.backend() as MathBackendWebGL;
}

/** Settling (a one-texel read), read-back timing and shader compile counts on WebGL. */
const probe = new GpuProbe({
  waitFor: (t) => {
    const { texture } = webgl().texData.get(t.dataId);
    if (texture != null) webgl().gpgpu.downloadMatrixFromPackedTexture(texture.texture, 1, 1);
    return undefined;
  },
  hookCompilations: (onCompile) => onEachCall(webgl().gpgpu, 'createProgram', onCompile),
});
const { settle } = probe;

const N = 2048;
const LAYOUT = '{1,0:T(8,128)}';
let x: tf.Tensor2D;
let xOther: tf.Tensor2D;
const plan = relayoutPlan(shapeText('float32', [N, N], LAYOUT));

let small: ScatterCase;
let large: ScatterCase;

export default defineBenchSuite({
  name: 'tfjs-kernels: WebGL (headless Chromium, SwiftShader)',
  setup: async () => {
    await tf.setBackend('webgl');
    if (tf.env().getNumber('WEBGL_VERSION') !== 2) throw new Error('WebGL2 is required');
    probe.countCompilations();
    x = onGpu(tf.randomNormal([N, N]) as tf.Tensor2D);
    xOther = onGpu(tf.randomNormal([N, N / 2]) as tf.Tensor2D);
    small = permutationCase(16);
    large = permutationCase(256);
  },
  teardown: () => {
    tf.dispose([x, xOther]);
    small.dispose();
    large.dispose();
  },
  cases: [
    {
      name: `relayout f32[${N},${N}] -> ${LAYOUT}`,
      items: N * N,
      ours: { label: 'relayout (one gather pass)', fn: () => settle(relayout(x, LAYOUT)) },
      baselines: [
        { label: 'tf.transpose', fn: () => settle(tf.transpose(x)) },
        { label: 'stock pad -> reshape -> transpose', fn: () => settle(stockRelayout(plan, x)) },
      ],
      goal: '<= 1.5x tf.transpose (ratio >= 0.67); >= 2x faster than the stock composition',
      extra: async () => ({
        'shader compiles, new shape f32[2048,1024] after warm-up': await probe.compilesOf(() =>
          relayout(xOther, LAYOUT),
        ),
        'shader compiles in this page so far (all programs, tfjs included)': probe.compiled,
        'readback of the result (await data()), median ms': (
          await probe.readbackMs(() => relayout(x, LAYOUT))
        ).toFixed(1),
      }),
    },
    {
      name: 'tscatter 256x256 random permutation',
      items: 256 * 256,
      ours: {
        label: 'tscatter (CPU-built inverse map + one gather pass)',
        fn: () => settle(large.ours()),
      },
      baselines: [
        { label: 'tf.tensorScatterUpdate (equivalent indices)', fn: () => settle(large.tfjs()) },
      ],
      goal: '>= 10x faster than tf.tensorScatterUpdate',
      // The baseline is O(outputs x updates): ~40 s per call on SwiftShader, so 3 rounds.
      rounds: 3,
      extra: async () => ({
        'readback of the result (await data()), median ms': (
          await probe.readbackMs(large.ours)
        ).toFixed(1),
      }),
    },
    {
      name: 'tscatter 16x16 random permutation',
      items: 16 * 16,
      ours: { label: 'tscatter', fn: () => settle(small.ours()) },
      baselines: [
        { label: 'tf.tensorScatterUpdate (equivalent indices)', fn: () => settle(small.tfjs()) },
      ],
      goal: 'within 1.2x of tf.tensorScatterUpdate (ratio >= 0.83)',
      extra: async () => ({
        'readback of the result (await data()), median ms': (
          await probe.readbackMs(small.ours)
        ).toFixed(2),
      }),
    },
  ],
});
