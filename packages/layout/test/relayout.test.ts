import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRelayoutPlan, inverseMap, relayoutPlan } from '../src/index.js';
import { arbIndexedShape } from './support/indexed-shapes.js';

describe('relayoutPlan', () => {
  it("is the seed's pad -> reshape -> transpose for Figure 1", () => {
    // Pad (3,5) to (4,6); reshape to (2,2,3,2) = (rowTiles, 2, colTiles, 2); move the tile sizes
    // innermost: (2,3,2,2); flatten.
    expect(relayoutPlan('f32[3,5]{1,0:T(2,2)}')).toEqual({
      logicalShape: [3, 5],
      physicalElementCount: 24,
      steps: [
        {
          op: 'pad',
          paddings: [
            [0, 1],
            [0, 1],
          ],
        },
        { op: 'reshape', shape: [2, 2, 3, 2] },
        { op: 'transpose', perm: [0, 2, 1, 3] },
        { op: 'reshape', shape: [24] },
      ],
    });
  });

  it('starts with the minor_to_major transpose and ends with the L tail pad', () => {
    expect(relayoutPlan('f32[3,5]{0,1:T(2,2)L(32)}').steps).toEqual([
      { op: 'transpose', perm: [1, 0] },
      {
        op: 'pad',
        paddings: [
          [0, 1],
          [0, 1],
        ],
      },
      { op: 'reshape', shape: [3, 2, 2, 2] },
      { op: 'transpose', perm: [0, 2, 1, 3] },
      { op: 'reshape', shape: [24] },
      { op: 'pad', paddings: [[0, 8]] },
    ]);
  });

  it('combines dimensions with a reshape', () => {
    expect(relayoutPlan('f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}').steps).toEqual([
      { op: 'reshape', shape: [112, 110] },
      {
        op: 'pad',
        paddings: [
          [0, 0],
          [0, 1],
        ],
      },
      { op: 'reshape', shape: [56, 2, 37, 3] },
      { op: 'transpose', perm: [0, 2, 1, 3] },
      { op: 'reshape', shape: [12432] },
    ]);
  });

  it('applies a second tile to the suffix of the first tile result', () => {
    expect(relayoutPlan('f32[4,8]{1,0:T(2,4)(2,1)}').steps).toEqual([
      { op: 'reshape', shape: [2, 2, 2, 4] },
      { op: 'transpose', perm: [0, 2, 1, 3] },
      // (2,1) on the in-tile dims (2,4): counts (1,4), sizes (2,1).
      { op: 'reshape', shape: [2, 2, 1, 2, 4, 1] },
      { op: 'transpose', perm: [0, 1, 2, 4, 3, 5] },
      { op: 'reshape', shape: [32] },
    ]);
  });

  it('only uses stock ops, pads only after, and keeps element counts consistent', () => {
    fc.assert(
      fc.property(arbIndexedShape(), ({ shape, spec }) => {
        const plan = relayoutPlan(shape);
        let dims = [...spec.dims];
        for (const step of plan.steps) {
          if (step.op === 'pad') {
            expect(step.paddings).toHaveLength(dims.length);
            expect(step.paddings.every(([before, after]) => before === 0 && after >= 0)).toBe(true);
            dims = dims.map((size, d) => size + step.paddings[d]![1]);
          } else if (step.op === 'reshape') {
            expect(step.shape.reduce((a, b) => a * b, 1)).toBe(dims.reduce((a, b) => a * b, 1));
            dims = [...step.shape];
          } else {
            expect([...step.perm].sort((a, b) => a - b)).toEqual(dims.map((_, i) => i));
            dims = step.perm.map((axis) => dims[axis]!);
          }
        }
        expect(dims.reduce((a, b) => a * b, 1)).toBe(plan.physicalElementCount);
      }),
      { seed: 42, numRuns: 1000 },
    );
  });
});

describe('applyRelayoutPlan', () => {
  it('lays out any values like Figure 1, padding with the given value', () => {
    const letters = 'abcdefghijklmno'.split('');
    const { data, shape } = applyRelayoutPlan(
      relayoutPlan('f32[3,5]{1,0:T(2,2)}'),
      letters,
      [3, 5],
      '_',
    );
    expect(shape).toEqual([24]);
    // Tiles in order: rows 0-1 x cols 0-1, cols 2-3, col 4 (+pad); then row 2 the same way.
    expect(data.join('')).toBe('abfgcdhie_j_kl__mn__o___');
  });

  it('pads with 0 by default and equals inverseMap on iota padded with -1', () => {
    const plan = relayoutPlan('u8[5]{0:T(4)}');
    expect(applyRelayoutPlan(plan, [1, 2, 3, 4, 5], [5]).data).toEqual([1, 2, 3, 4, 5, 0, 0, 0]);
    const iota = Array.from({ length: 5 }, (_, i) => i);
    expect(applyRelayoutPlan(plan, iota, [5], -1).data).toEqual(
      Array.from(inverseMap('u8[5]{0:T(4)}')),
    );
  });

  it('does not modify its input', () => {
    const input = [1, 2, 3, 4, 5, 6];
    applyRelayoutPlan(relayoutPlan('f32[2,3]{0,1}'), input, [2, 3]);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
