/**
 * The output-run rule (`planRuns`) on the chains of all three layout kernels, convertLayout's
 * included (backwards through one layout, forwards through another, then simplified): wherever it
 * plans runs, every output the passes derive from the first of its run must be the output the
 * chain computes on its own. Random shapes and layout pairs (combined `*` dims, repeated and
 * partial-rank tilings, padding), against `@tilekit/layout`'s whole-array maps.
 */

import { inverseMap, offsetMap, relayoutPlan } from '@tilekit/layout';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRuns, runLaneSource } from '../src/gpu/chain-runs.js';
import { simplifyChain } from '../src/gpu/chain-simplify.js';
import { evaluateChain, type IndexChain } from '../src/gpu/index-chain.js';
import { backwardChain, forwardChain } from '../src/gpu/layout-chains.js';
import { shapeText } from '../src/layout/shape-text.js';
import { layoutPairFor, layoutsAcceptedFor } from './support/layout-arbitraries.js';

/** A random shape (ranks 1..4) with two random layouts, both accepted for it. */
const layoutPair = fc
  .integer({ min: 1, max: 4 })
  .chain((rank) =>
    fc.array(fc.integer({ min: 1, max: rank <= 2 ? 9 : 5 }), {
      minLength: rank,
      maxLength: rank,
    }),
  )
  .chain((dims) => layoutPairFor(dims).map(({ from, to }) => ({ dims, from, to })))
  .filter(({ dims, from, to }) => layoutsAcceptedFor(dims, [from, to]));

/**
 * Outputs (of `expected.length`) whose run-derived source differs from `expected`, and run
 * starts an aligned plan misplaces.
 */
function runMismatches(chain: IndexChain, expected: ArrayLike<number>, width: number): number[] {
  const plan = planRuns(chain, width);
  if (plan === null) return [];
  const wrong: number[] = [];
  for (let p = 0; p + width <= expected.length; p += width) {
    // An aligned plan's run starts are multiples of the run's source extent.
    const start = expected[p]!;
    if (plan.aligned && start >= 0 && start % (width * plan.delta) !== 0) wrong.push(p);
    for (let k = 0; k < width; k++) {
      if (runLaneSource(chain, plan, p, k) !== expected[p + k]) wrong.push(p + k);
    }
  }
  return wrong;
}

describe('output runs', () => {
  it('convertLayout chains: derived runs agree with the maps on random layout pairs', () => {
    let planned = 0;
    let aligned = 0;
    fc.assert(
      fc.property(layoutPair, fc.constantFrom(2, 4), ({ dims, from, to }, width) => {
        const source = shapeText('float32', dims, from);
        const target = shapeText('float32', dims, to);
        const offsets = offsetMap(source);
        const expected = Array.from(inverseMap(target), (l) => (l >= 0 ? offsets[l]! : -1));
        const chain = simplifyChain([
          ...backwardChain(relayoutPlan(target)),
          ...forwardChain(relayoutPlan(source)),
        ]);
        expect(Array.from(expected, (_, p) => evaluateChain(chain, p))).toEqual(expected);
        const plan = planRuns(chain, width);
        if (plan !== null) planned += 1;
        if (plan?.aligned === true) aligned += 1;
        expect(runMismatches(chain, expected, width)).toEqual([]);
      }),
      { seed: 3401, numRuns: 3000 },
    );
    // The rule still applies to many pairs, so the check above is not vacuous.
    expect(planned).toBeGreaterThan(300);
    expect(aligned).toBeGreaterThan(100);
  });

  it('relayout and unrelayout chains: derived runs agree with the maps', () => {
    fc.assert(
      fc.property(layoutPair, fc.constantFrom(2, 4), ({ dims, to }, width) => {
        const shape = shapeText('float32', dims, to);
        const plan = relayoutPlan(shape);
        expect(runMismatches(simplifyChain(backwardChain(plan)), inverseMap(shape), width)).toEqual(
          [],
        );
        expect(runMismatches(simplifyChain(forwardChain(plan)), offsetMap(shape), width)).toEqual(
          [],
        );
      }),
      { seed: 3402, numRuns: 400 },
    );
  });

  it('f32[4,7] from {1,0:T(128)} into {1,0:T(*,2)(2,1)}: no pairs across the combined tile', () => {
    const chain = simplifyChain([
      ...backwardChain(relayoutPlan('f32[4,7]{1,0:T(*,2)(2,1)}')),
      ...forwardChain(relayoutPlan('f32[4,7]{1,0:T(128)}')),
    ]);
    // Slot 7 holds element (1, 0), at 128 in the source: not slot 6's source (5) plus 2.
    expect(evaluateChain(chain, 7)).toBe(128);
    expect(
      runMismatches(
        chain,
        Array.from({ length: 28 }, (_, p) => evaluateChain(chain, p)),
        2,
      ),
    ).toEqual([]);
  });
});
