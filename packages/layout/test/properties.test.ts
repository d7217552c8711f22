/**
 * Properties over >= 1,000 random shapes/layouts each (fixed seed), checked against
 * `@tilekit/conformance`'s independent reference formulas and against each other.
 */
import {
  logicalIndices,
  referenceLinearIndex,
  referencePhysicalElementCount,
} from '@tilekit/conformance/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRelayoutPlan,
  delinearize,
  formatLayout,
  formatShape,
  inverseMap,
  linearIndex,
  offsetMap,
  parseLayout,
  parseShape,
  physicalElementCount,
  relayoutPlan,
} from '../src/index.js';
import { arbBareLayout, arbShape } from './support/arbitraries.js';
import { arbIndexedShape } from './support/indexed-shapes.js';

const RUNS = { seed: 42, numRuns: 1000 };

describe('text round trip', () => {
  it('parseShape(formatShape(s)) equals s, and printing is a fixed point', () => {
    fc.assert(
      fc.property(arbShape(), (shape) => {
        const text = formatShape(shape);
        expect(parseShape(text)).toEqual(shape);
        expect(formatShape(text)).toBe(text);
      }),
      RUNS,
    );
  });

  it('parseLayout(formatLayout(l)) equals l for bare layouts (also #, * and P)', () => {
    fc.assert(
      fc.property(arbBareLayout, (layout) => {
        const text = formatLayout(layout);
        expect(parseLayout(text)).toEqual(layout);
        expect(formatLayout(text)).toBe(text);
      }),
      RUNS,
    );
  });
});

describe('index functions', () => {
  it('linearIndex agrees with the reference, is injective and below physicalElementCount; delinearize inverts it', () => {
    fc.assert(
      fc.property(arbIndexedShape(), ({ shape, spec }) => {
        const count = physicalElementCount(shape);
        expect(count).toBe(referencePhysicalElementCount(spec));
        const seen = new Set<number>();
        for (const index of logicalIndices(spec.dims)) {
          const offset = linearIndex(shape, index);
          expect(offset).toBe(referenceLinearIndex(spec, index));
          expect(offset).toBeGreaterThanOrEqual(0);
          expect(offset).toBeLessThan(count);
          expect(seen.has(offset)).toBe(false);
          seen.add(offset);
          expect(delinearize(shape, offset)).toEqual(index);
        }
        // Every other slot is padding.
        for (let slot = 0; slot < count; slot++) {
          if (!seen.has(slot)) expect(delinearize(shape, slot)).toBeNull();
        }
      }),
      RUNS,
    );
  });
});

describe('whole-array maps', () => {
  it('offsetMap/inverseMap agree with the scalar functions and with applyRelayoutPlan', () => {
    fc.assert(
      fc.property(arbIndexedShape(), ({ shape, spec }) => {
        const { dims } = spec;
        const offsets = offsetMap(shape);
        const inverse = inverseMap(shape);
        expect(inverse).toHaveLength(physicalElementCount(shape));
        let logical = 0;
        for (const index of logicalIndices(dims)) {
          expect(offsets[logical]).toBe(linearIndex(shape, index));
          logical++;
        }
        expect(offsets).toHaveLength(logical);
        for (let slot = 0; slot < inverse.length; slot++) {
          const index = delinearize(shape, slot);
          expect(inverse[slot]).toBe(index === null ? -1 : offsets.indexOf(slot));
        }
        const plan = relayoutPlan(shape);
        const iota = Array.from({ length: logical }, (_, i) => i);
        const physical = applyRelayoutPlan(plan, iota, dims, -1);
        expect(physical.shape).toEqual([inverse.length]);
        expect(physical.data).toEqual(Array.from(inverse));
      }),
      RUNS,
    );
  });
});
