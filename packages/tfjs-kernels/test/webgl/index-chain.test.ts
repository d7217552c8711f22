/**
 * The index chains the layout pass runs, evaluated in JavaScript with the shader's integer
 * arithmetic (`evaluateChain`), against `@tilekit/layout`'s whole-array maps on random layouts;
 * and the output-run rule (`planRuns`) against the chain itself.
 */
import { inverseMap, offsetMap, relayoutPlan } from '@tilekit/layout';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRuns, runLaneSource } from '../../src/gpu/chain-runs.js';
import { simplifyChain } from '../../src/gpu/chain-simplify.js';
import { evaluateChain, type IndexChain } from '../../src/gpu/index-chain.js';
import { backwardChain, forwardChain } from '../../src/gpu/layout-chains.js';
import { shapeText } from '../../src/layout/shape-text.js';
import { layoutTextFor } from '../support/layout-arbitraries.js';

/** A random shape (ranks 1..6, small dims) with a random layout. */
const shapeCase = fc
  .integer({ min: 1, max: 6 })
  .chain((rank) =>
    fc.array(fc.integer({ min: 1, max: rank <= 3 ? 9 : 4 }), { minLength: rank, maxLength: rank }),
  )
  .chain((dims) => fc.record({ dims: fc.constant(dims), layout: layoutTextFor(dims, 3) }));

/**
 * Every output of every run as the passes derive it, against the chain run on that output, for
 * runs of `width` (pairs on WebGL, up to four on WebGPU).
 */
function runsHold(chain: IndexChain, count: number, width: number): boolean {
  const plan = planRuns(chain, width);
  if (plan === null) return true;
  for (let p = 0; p + width - 1 < count; p += width) {
    for (let k = 0; k < width; k++) {
      if (runLaneSource(chain, plan, p, k) !== evaluateChain(chain, p + k)) return false;
    }
  }
  return true;
}

describe('index chains', () => {
  it('backward chains reproduce inverseMap and forward chains offsetMap (simplified or not)', () => {
    fc.assert(
      fc.property(shapeCase, ({ dims, layout }) => {
        const shape = shapeText('float32', dims, layout);
        const plan = relayoutPlan(shape);
        const inverse = inverseMap(shape);
        const offsets = offsetMap(shape);
        for (const backward of [backwardChain(plan), simplifyChain(backwardChain(plan))]) {
          expect(Array.from(inverse, (_, p) => evaluateChain(backward, p))).toEqual(
            Array.from(inverse),
          );
        }
        for (const forward of [forwardChain(plan), simplifyChain(forwardChain(plan))]) {
          expect(Array.from(offsets, (_, i) => evaluateChain(forward, i))).toEqual(
            Array.from(offsets),
          );
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('derived output runs agree with the chain wherever planRuns allows them', () => {
    let planned = 0;
    fc.assert(
      fc.property(shapeCase, fc.constantFrom(2, 4), ({ dims, layout }, width) => {
        const shape = shapeText('float32', dims, layout);
        const plan = relayoutPlan(shape);
        const backward = simplifyChain(backwardChain(plan));
        const forward = simplifyChain(forwardChain(plan));
        if (planRuns(backward, width) !== null) planned += 1;
        expect(runsHold(backward, plan.physicalElementCount, width)).toBe(true);
        expect(runsHold(forward, offsetMap(shape).length, width)).toBe(true);
      }),
      { seed: 42, numRuns: 300 },
    );
    // The rule applies to a good share of random layouts, so the check above is not vacuous.
    expect(planned).toBeGreaterThan(50);
  });

  it('simplification fuses the 2-D tiled relayout into one step of four digits (hand-derived)', () => {
    const chain = simplifyChain(backwardChain(relayoutPlan('f32[2048,2048]{1,0:T(8,128)}')));
    // Slot digits (tile row, tile column, row in tile, column in tile) -> logical strides.
    expect(chain).toEqual([
      [
        { stride: 16384, size: 256, bound: 2 ** 31 - 1, weight: 16384 },
        { stride: 1024, size: 16, bound: 2 ** 31 - 1, weight: 128 },
        { stride: 128, size: 8, bound: 2 ** 31 - 1, weight: 2048 },
        { stride: 1, size: 128, bound: 2 ** 31 - 1, weight: 1 },
      ],
    ]);
    expect(planRuns(chain, 4)?.delta).toBe(1);
  });
});
