/**
 * The relayout case both GPU suites time: f32[2048,2048] -> {1,0:T(8,128)} against tf.transpose
 * and against the stock pad -> reshape -> transpose composition, with the programs a new shape
 * compiles and the time to read the result back.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { BenchCase } from '@tilekit/bench';
import { relayoutPlan } from '@tilekit/layout';
import { relayout, shapeText } from '../../src/index.js';
import type { GpuProbe } from './gpu_probe.js';
import { onGpu } from './scatter_case.js';
import { stockRelayout } from './stock_relayout.js';

const N = 2048;
const LAYOUT = '{1,0:T(8,128)}';
const plan = relayoutPlan(shapeText('float32', [N, N], LAYOUT));

/**
 * The case over `probe`; `programs` names what the backend compiles ('shader compiles',
 * 'pipelines compiled'). Call `setup` once the backend is active, `dispose` at teardown.
 */
export function relayoutCase(probe: GpuProbe, programs: string) {
  let x: tf.Tensor2D;
  let xOther: tf.Tensor2D;
  const benchCase: BenchCase = {
    name: `relayout f32[${N},${N}] -> ${LAYOUT}`,
    items: N * N,
    ours: { label: 'relayout (one gather pass)', fn: () => probe.settle(relayout(x, LAYOUT)) },
    baselines: [
      { label: 'tf.transpose', fn: () => probe.settle(tf.transpose(x)) },
      {
        label: 'stock pad -> reshape -> transpose',
        fn: () => probe.settle(stockRelayout(plan, x)),
      },
    ],
    goal: '<= 1.5x tf.transpose (ratio >= 0.67); >= 2x faster than the stock composition',
    extra: async () => ({
      [`${programs}, new shape f32[${N},${N / 2}] after warm-up`]: await probe.compilesOf(() =>
        relayout(xOther, LAYOUT),
      ),
      [`${programs} in this page so far (all programs, tfjs included)`]: probe.compiled,
      'readback of the result (await data()), median ms': (
        await probe.readbackMs(() => relayout(x, LAYOUT))
      ).toFixed(1),
    }),
  };
  return {
    benchCase,
    setup: () => {
      x = onGpu(tf.randomNormal([N, N]) as tf.Tensor2D);
      xOther = onGpu(tf.randomNormal([N, N / 2]) as tf.Tensor2D);
    },
    dispose: () => tf.dispose([x, xOther]),
  };
}
