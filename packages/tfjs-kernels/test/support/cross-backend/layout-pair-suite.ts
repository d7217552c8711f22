/**
 * The layout-pair suite both GPU backends run: random shapes under random pairs of layouts from
 * the wide family (combined `*` dimensions, repeated and partial-rank tilings, padding; see
 * `wideLayoutTextFor`), through relayout, unrelayout and convertLayout and their gradients, on
 * `cpu` and on the backend under test, which must agree bit for bit. These are the chains whose
 * consecutive outputs a pass may derive from one another (see src/gpu/chain-runs.ts), so every
 * output run the passes plan is checked against the cpu backend's element-by-element loops.
 */
import * as tf from '@tensorflow/tfjs-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sizeFromShape } from '../../../src/util/shape-size.js';
import { layoutPairFor, layoutsAcceptedFor } from '../layout-arbitraries.js';
import { switchBackend } from './backend-switch.js';
import type { DifferentialTarget } from './differential-suite.js';
import { exactValues } from './exact-values.js';
import { type LayoutCase, layoutInput, runLayoutCase } from './layout-cases.js';

/** A random call: ranks 1..4, dims up to 9, two layouts the layout library accepts. */
function layoutPairCase(op: LayoutCase['op'], target: DifferentialTarget) {
  return fc
    .record({
      dtype: fc.constantFrom<LayoutCase['dtype']>('float32', 'float32', 'int32', 'bool'),
      rank: fc.integer({ min: 1, max: 4 }),
    })
    .chain(({ dtype, rank }) =>
      fc
        .array(fc.integer({ min: 1, max: rank <= 2 ? 9 : 5 }), {
          minLength: rank,
          maxLength: rank,
        })
        .chain((dims) =>
          fc.record({
            op: fc.constant(op),
            dtype: fc.constant(dtype),
            dims: fc.constant(dims),
            values: target.values.values(dtype, sizeFromShape(dims)),
            pair: layoutPairFor(dims),
            padValue: target.values.pad(dtype),
          }),
        ),
    )
    .map(({ pair, ...c }): LayoutCase => ({ ...c, layout: pair.from, to: pair.to }))
    .filter((c) => layoutsAcceptedFor(c.dims, [c.layout, c.to!]));
}

/**
 * Layout pairs (dims, from, to) whose consecutive target slots a pass once derived from one
 * another wrongly: found by the run rule's property test (../../chain-runs.test.ts) against the
 * earlier rule, the first one by a differential run on WebGL and WebGPU.
 */
const DERIVED_RUN_PAIRS: readonly [number[], string, string][] = [
  [[4, 7], '{1,0:T(128)}', '{1,0:T(*,2)(2,1)}'],
  [[4, 3, 5], '{2,0,1:T(2)}', '{2,1,0:T(*,*,4)(3,2)}'],
  [[7, 9], '{1,0:T(11)}', '{1,0:T(*,7)(3,4)}'],
  [[4, 3, 5, 3], '{0,1,3,2:T(9)}', '{2,3,1,0:T(*,*,*,3)(2,2)}'],
  [[8, 9], '{1,0:T(11)}', '{1,0:T(*,8)(4,2)}'],
  [[5, 4, 2, 5], '{3,2,1,0:T(7)}', '{3,1,2,0:T(*,*,*,4)(3,2)}'],
  [[6, 9], '{0,1:T(11)}', '{1,0:T(*,6)(3,4)}'],
  [[5, 5, 3, 4], '{3,2,1,0:T(2)}', '{1,3,0,2:T(*,*,*,4)(2,2)}'],
  [[9, 4], '{1,0:T(14)}', '{0,1:T(*,6)(4,2)}'],
  [[4, 9], '{0,1:T(1)}', '{1,0:T(*,3)(2,1)}'],
  [[3, 4, 3, 4], '{0,1,2,3:T(12)}', '{3,2,1,0:T(*,*,*,3)(4,2)}'],
];

/** What one backend computes for a case: the output and, for float32, the input's gradient. */
export interface PairResult {
  readonly shape: number[];
  readonly values: number[];
  readonly gradient: number[] | null;
}

/** Runs `c` (and its gradient for an upstream of `upstream`) on the active backend. */
export async function runPair(c: LayoutCase, upstream: readonly number[]): Promise<PairResult> {
  const { values, shape } = layoutInput(c);
  const x = tf.tensor(values, shape, c.dtype);
  const out = runLayoutCase(c, x);
  let gradient: number[] | null = null;
  if (c.dtype === 'float32') {
    const dy = tf.tensor(upstream.slice(0, out.size), out.shape);
    const dx = tf.grad((input: tf.Tensor) => runLayoutCase(c, input))(x, dy);
    gradient = await exactValues(dx);
    tf.dispose([dy, dx]);
  }
  const result = { shape: out.shape, values: await exactValues(out), gradient };
  tf.dispose([x, out]);
  return result;
}

/** Registers the layout-pair tests of `target`: each op, `runs` random calls with gradients. */
export function describeLayoutPairs(target: DifferentialTarget, runs: number): void {
  const { backend, seed } = target;
  describe(`${backend} agrees with cpu bit for bit on random layout pairs (with gradients)`, () => {
    for (const op of ['relayout', 'unrelayout', 'convertLayout'] as const) {
      it(`${op}: ${runs} random shapes and layout pairs`, async () => {
        // Upstream gradients: distinct values, so a value sent to the wrong slot shows.
        const upstream = Array.from({ length: 1 << 16 }, (_, k) => 1 + k / 64);
        await fc.assert(
          fc.asyncProperty(layoutPairCase(op, target), async (c) => {
            await switchBackend('cpu');
            const cpu = await runPair(c, upstream);
            await switchBackend(backend);
            const gpu = await target.expectBalanced(() => runPair(c, upstream));
            expect(gpu).toEqual(cpu);
          }),
          { seed, numRuns: runs },
        );
      });
    }

    it('convertLayout: pairs whose derived output runs once went wrong, both ways', async () => {
      const upstream = Array.from({ length: 1 << 16 }, (_, k) => 1 + k / 64);
      for (const [dims, from, to] of DERIVED_RUN_PAIRS) {
        for (const [layout, other] of [
          [from, to],
          [to, from],
        ] as const) {
          const values = Array.from({ length: sizeFromShape(dims) }, (_, k) => k - 0.5);
          const c: LayoutCase = {
            op: 'convertLayout',
            dtype: 'float32',
            dims,
            values,
            layout,
            to: other,
            padValue: -7,
          };
          await switchBackend('cpu');
          const cpu = await runPair(c, upstream);
          await switchBackend(backend);
          const gpu = await target.expectBalanced(() => runPair(c, upstream));
          expect(gpu, `${dims} ${layout} -> ${other}`).toEqual(cpu);
        }
      }
    });
  });
}
