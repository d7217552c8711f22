/**
 * The relayout family on ≥ 500 random shapes, layouts and dtypes, against two independent
 * references: `@tilekit/layout`'s offset/inverse maps, and the seed's pad → reshape → transpose
 * plan (`relayoutPlan`) executed with stock tfjs ops.
 */
import { physicalElementCount, relayoutPlan } from '@tilekit/layout';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertLayout, relayout, unrelayout } from '../src/index.js';
import { caseShape, expectedPhysical, type RelayoutCase } from './support/layout-arbitraries.js';
import { relayoutedCaseProperty } from './support/relayouted-cases.js';
import { tf } from './support/tf.js';

/** Reference 2: the seed's decomposition applied with tf.transpose / tf.pad / tf.reshape. */
function viaStockOps(c: RelayoutCase, layout: string): number[] {
  return tf.tidy(() => {
    // tf.pad has no bool kernel: run the plan on int32 and compare values.
    const dtype = c.dtype === 'bool' ? 'int32' : c.dtype;
    let t: tf.Tensor = tf.tensor(c.values, c.dims, dtype);
    for (const step of relayoutPlan(caseShape(c, layout)).steps) {
      if (step.op === 'transpose') t = tf.transpose(t, [...step.perm]);
      else if (step.op === 'reshape') t = tf.reshape(t, [...step.shape]);
      else
        t = tf.pad(
          t,
          step.paddings.map(([a, b]) => [a, b] as [number, number]),
          c.padValue,
        );
    }
    return Array.from(tf.reshape(t, [-1]).dataSync());
  });
}

const read = (t: tf.Tensor) => Array.from(t.dataSync());

describe('relayout family on random shapes, layouts and dtypes', () => {
  it('agrees with the layout maps and the stock pad/reshape/transpose plan; round-trips', () => {
    let checked = 0;
    const dtypes = new Set<string>();
    fc.assert(
      relayoutedCaseProperty((c, _x, buffer) => {
        expect(buffer.dtype).toBe(c.dtype);
        expect(buffer.shape).toEqual([physicalElementCount(caseShape(c, c.layout))]);
        const physical = read(buffer);
        expect(physical).toEqual(expectedPhysical(c, c.layout));
        expect(physical).toEqual(viaStockOps(c, c.layout));

        const back = unrelayout(buffer, caseShape(c, c.layout));
        expect(back.shape).toEqual(c.dims);
        expect(read(back)).toEqual(c.values);

        const converted = convertLayout(buffer, caseShape(c, c.layout), c.otherLayout, {
          padValue: c.padValue,
        });
        const twoStep = relayout(back, c.otherLayout, { padValue: c.padValue });
        expect(read(converted)).toEqual(read(twoStep));

        checked++;
        dtypes.add(c.dtype);
        return [back, converted, twoStep];
      }),
      { seed: 42, numRuns: 600 },
    );
    expect(checked).toBeGreaterThanOrEqual(500);
    expect(dtypes).toEqual(new Set(['float32', 'int32', 'bool']));
  });
});
