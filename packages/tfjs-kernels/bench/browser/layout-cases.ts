/**
 * The relayout-family cases both GPU suites time, each beside `tf.transpose` of the same bytes
 * and the stock composition a tfjs user would otherwise write (stock_relayout.ts), with the
 * programs a new shape compiles and the time to read the result back:
 *
 * - relayout f32[2048,2048] → `{1,0:T(8,128)}`, → `{1,0:T(8,128)(2,1)}`, and the rank-3
 *   f32[16,512,512] → `{1,2,0:T(8,128)}` (whose tile rows run along dimension 1);
 * - unrelayout from `{1,0:T(8,128)}`; convertLayout `T(8,128)` → `T(8,128)(2,1)`.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { BenchCase, BenchFn } from '@tilekit/bench';
import type { GpuProbe } from '@tilekit/bench/gpu-probe';
import { type RelayoutPlan, relayoutPlan } from '@tilekit/layout';
import { convertLayout, relayout, unrelayout } from '../../src/index.js';
import { shapeText } from '../../src/layout/shape-text.js';
import { onGpu } from './scatter-case.js';
import { stockRelayout, stockUnrelayout } from './stock-relayout.js';

const TILED = '{1,0:T(8,128)}';
const INTERLEAVED = '{1,0:T(8,128)(2,1)}';
const RANK3 = '{1,2,0:T(8,128)}';

/** The cases, by what they move. */
export type LayoutCaseId = 'tiled' | 'interleaved' | 'rank3' | 'unrelayout' | 'convert';

/** A goal and its test on the ratios (against `tf.transpose` first, the stock composition second). */
export interface LayoutGoal {
  readonly text: string;
  readonly meets: (ratios: readonly number[]) => boolean;
}

/** What a suite asks of each case (`null`: no goal, timed for the record). */
export type LayoutGoals = (id: LayoutCaseId) => LayoutGoal | null;

/** At least as fast as both baselines. */
export const AT_LEAST_AS_FAST_AS_BOTH: LayoutGoal = {
  text: '>= 1x tf.transpose, >= 1x the stock composition',
  meets: (ratios: readonly number[]) => ratios[0]! >= 1 && ratios[1]! >= 1,
};

/**
 * The cases over `probe`; `programs` names what the backend compiles ('shader compiles',
 * 'pipelines compiled'). The square cases are `n`² (a multiple of 128), the rank-3 one
 * `[16, n/4, n/4]`: 2048 in the browser suites, where the GPU is SwiftShader; a real GPU's
 * memory decides only at sizes well past its caches (8192²: 256 MiB a tensor). Call `setup`
 * once the backend is active, `dispose` at teardown.
 */
export function layoutCases(probe: GpuProbe, programs: string, goals: LayoutGoals, n = 2048) {
  const RANK3_DIMS = [16, n / 4, n / 4];
  let x: tf.Tensor;
  let flat: tf.Tensor;
  let xOther: tf.Tensor;
  let x3: tf.Tensor;
  let x3Other: tf.Tensor;
  let tiled: tf.Tensor;
  let tiledOther: tf.Tensor;
  const square = shapeText('float32', [n, n], TILED);
  const squareOther = shapeText('float32', [n, n / 2], TILED);
  const plans = {
    tiled: relayoutPlan(square),
    interleaved: relayoutPlan(shapeText('float32', [n, n], INTERLEAVED)),
    rank3: relayoutPlan(shapeText('float32', RANK3_DIMS, RANK3)),
  };
  // tf.transpose of the same bytes: the matrix, and the rank-3 tensor in its layout's order.
  const transpose2d = {
    label: 'tf.transpose (same bytes)',
    fn: () => probe.settle(tf.transpose(x)),
  };

  /** A case: `ours` and its `newShape` call (compile count), with both baselines. */
  const layoutCase = (
    id: LayoutCaseId,
    op: 'relayout' | 'unrelayout' | 'convertLayout',
    name: string,
    ours: () => tf.Tensor,
    newShape: () => tf.Tensor,
    transpose: BenchFn,
    stock: () => tf.Tensor,
    floor?: BenchFn,
  ): BenchCase => {
    const goal = goals(id);
    return {
      name,
      items: n * n,
      ours: { label: `${op} (one gather pass)`, fn: () => probe.settle(ours()) },
      baselines: [
        transpose,
        {
          label: 'stock composition (pad/reshape/transpose/slice)',
          fn: () => probe.settle(stock()),
        },
        ...(floor === undefined ? [] : [floor]),
      ],
      ...(goal === null ? {} : { goal: goal.text, meetsGoal: goal.meets }),
      extra: async () => ({
        [`${programs}, new shape after warm-up`]: await probe.compilesOf(newShape),
        [`${programs} in this page so far (all programs, tfjs included)`]: probe.compiled,
        'readback of the result (await data()), median ms': (await probe.readbackMs(ours)).toFixed(
          1,
        ),
      }),
    };
  };

  /** relayout of the `[n, n]` input to `layout`, against tf.transpose and the stock `plan`. */
  const relayoutSquare = (
    id: LayoutCaseId,
    layout: string,
    plan: RelayoutPlan,
    floor?: BenchFn,
  ): BenchCase =>
    layoutCase(
      id,
      'relayout',
      `relayout f32[${n},${n}] -> ${layout}`,
      () => relayout(x, layout),
      () => relayout(xOther, layout),
      transpose2d,
      () => stockRelayout(plan, x),
      floor,
    );

  const cases: BenchCase[] = [
    relayoutSquare(
      'tiled',
      TILED,
      plans.tiled,
      // A diagnostic third baseline: one stock elementwise pass over the same bytes as a 1-D
      // tensor, the floor of any single pass that writes a 1-D buffer (on WebGL a packed 1-D
      // texel holds two values where tf.transpose's packed 2-D output holds four).
      {
        label: 'floor: tf.neg of the same bytes as a 1-D tensor (one elementwise pass)',
        fn: () => probe.settle(tf.neg(flat)),
      },
    ),
    relayoutSquare('interleaved', INTERLEAVED, plans.interleaved),
    layoutCase(
      'rank3',
      'relayout',
      `relayout f32[${RANK3_DIMS}] -> ${RANK3}`,
      () => relayout(x3, RANK3),
      () => relayout(x3Other, RANK3),
      {
        label: 'tf.transpose [0,2,1] (same bytes)',
        fn: () => probe.settle(tf.transpose(x3, [0, 2, 1])),
      },
      () => stockRelayout(plans.rank3, x3),
    ),
    layoutCase(
      'unrelayout',
      'unrelayout',
      `unrelayout f32[${n},${n}] from ${TILED}`,
      () => unrelayout(tiled, square),
      () => unrelayout(tiledOther, squareOther),
      transpose2d,
      () => stockUnrelayout(plans.tiled, tiled),
    ),
    layoutCase(
      'convert',
      'convertLayout',
      `convertLayout f32[${n},${n}] ${TILED} -> ${INTERLEAVED}`,
      () => convertLayout(tiled, square, INTERLEAVED),
      () => convertLayout(tiledOther, squareOther, INTERLEAVED),
      transpose2d,
      () => stockRelayout(plans.interleaved, stockUnrelayout(plans.tiled, tiled)),
    ),
  ];
  return {
    cases,
    setup: () => {
      x = onGpu(tf.randomNormal([n, n]));
      // Made by a stock pass, so it is in the layout such passes read and write (packed on WebGL).
      flat = tf.neg(tf.reshape(x, [n * n]));
      xOther = onGpu(tf.randomNormal([n, n / 2]));
      x3 = onGpu(tf.randomNormal(RANK3_DIMS));
      x3Other = onGpu(tf.randomNormal([8, n / 4, n / 4]));
      tiled = onGpu(relayout(x, TILED));
      tiledOther = onGpu(relayout(xOther, TILED));
    },
    dispose: () => tf.dispose([x, flat, xOther, x3, x3Other, tiled, tiledOther]),
  };
}
