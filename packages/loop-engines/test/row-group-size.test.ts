import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowGroupSize, scheduleLaunch } from '../src/shader/pass-schedule.js';

describe('rowGroupSize: lanes per row of a row-group pass', () => {
  it('picks the group sizes measured fastest on a real GPU', () => {
    // Average entries per row -> lanes, as the H200 measurements behind the rule found best
    // (or within 12 % of it).
    const measured: [number, number][] = [
      [2, 1],
      [4, 1],
      [8, 2],
      [16, 4],
      [32, 8],
      [64, 8],
      [128, 16],
      [512, 32],
    ];
    for (const [average, lanes] of measured)
      expect([average, rowGroupSize(average)]).toEqual([average, lanes]);
  });

  it('is a power of two from 1 to 32, at most a quarter of the average, and grows with it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const lanes = rowGroupSize(low);
          expect(Number.isInteger(Math.log2(lanes))).toBe(true);
          expect(lanes).toBeGreaterThanOrEqual(1);
          expect(lanes).toBeLessThanOrEqual(32);
          expect(lanes === 1 || lanes <= low / 4).toBe(true);
          expect(rowGroupSize(high)).toBeGreaterThanOrEqual(lanes);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('launches enough invocations for every row at each group size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1 << 24 }),
        fc.double({ min: 0, max: 4096, noNaN: true }),
        (rows, average) => {
          const launch = scheduleLaunch({ kind: 'row-group' }, rows, average, 0);
          expect(launch.group).toBe(rowGroupSize(average));
          // Every round covers workgroups x (64 / group) rows.
          expect(launch.workgroups * launch.rounds * (64 / launch.group)).toBeGreaterThanOrEqual(
            rows,
          );
          expect(launch.workgroups).toBeLessThanOrEqual(65_535);
        },
      ),
      { numRuns: 300 },
    );
  });
});
