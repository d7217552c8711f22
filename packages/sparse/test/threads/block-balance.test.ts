/**
 * The calling thread's share of a call: rowSplit cuts the first block at that share of the
 * work (seeded random matrices, skewed rows, 2 to 4 blocks), and BlockBalance moves the share
 * halfway to the balance the last call's times give, in steps of 1/64 and only by 2 or more.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { SparseTensor } from '../../src/index.js';
import { BlockBalance, SHARE_STEPS } from '../../src/threads/block-balance.js';
import { rowSplit } from '../../src/threads/row-route.js';

/** A CSR matrix with a power-law row length (row r holds about `top / (1 + r)` entries). */
function skewed(random: () => number, rows: number, top: number): SparseTensor {
  const coordinates: number[][] = [];
  for (let r = 0; r < rows; r++) {
    const length = Math.floor(top / (1 + Math.floor(random() * rows)));
    for (let e = 0; e < length; e++) coordinates.push([r, e]);
  }
  return SparseTensor.fromCoordinates(
    coordinates,
    coordinates.map(() => 1),
    [rows, top],
    'CSR',
    { dtype: 'float64' },
  );
}

describe('rowSplit with the first block’s share', () => {
  it('cuts the first block at its share of the work and the rest in equal parts', () => {
    const random = seededRandom(31);
    for (let trial = 0; trial < 40; trial++) {
      const rows = 2 + Math.floor(random() * 400);
      const A = skewed(random, rows, 1 + Math.floor(random() * 50));
      const positions = A.positions[1] as Uint32Array;
      // The work before row r, as the split counts it: 8 per row plus the row's entries.
      const work = (r: number) => 8 * r + (positions[r] as number);
      const blocks = 2 + Math.floor(random() * 3);
      if (rows < blocks) continue;
      const first = (1 + Math.floor(random() * 62)) / 64;
      const bounds = rowSplit(rows, blocks, A, first);
      expect(bounds).toHaveLength(blocks + 1);
      expect(bounds[0]).toBe(0);
      expect(bounds[blocks]).toBe(rows);
      for (let k = 0; k < blocks; k++) {
        expect(bounds[k + 1] as number).toBeGreaterThan(bounds[k] as number);
      }
      for (let k = 1; k < blocks; k++) {
        const target = work(rows) * (first + ((k - 1) * (1 - first)) / (blocks - 1));
        const cut = bounds[k] as number;
        // The first boundary at or past the target, unless a block had to keep one row.
        const forced = cut === (bounds[k - 1] as number) + 1 || cut === rows - (blocks - k);
        if (!forced) {
          expect(work(cut)).toBeGreaterThanOrEqual(target);
          expect(work(cut - 1)).toBeLessThan(target);
        }
      }
    }
  });
});

describe('BlockBalance', () => {
  it('starts at an equal share and moves halfway to the balanced one', () => {
    const balance = new BlockBalance();
    expect(balance.share(2)).toBe(1 / 2);
    expect(balance.share(3)).toBe(1 / 3);
    // The caller took 1 ms for half the work, the worker 3 ms for the other half: per unit
    // the worker is 3x slower, so the balanced share is 3/4; halfway from 1/2 is 5/8.
    balance.record(2, 1 / 2, 1, 3);
    expect(balance.share(2)).toBe(40 / SHARE_STEPS);
    // Another block count starts equal.
    expect(balance.share(3)).toBe(1 / 3);
  });

  it('keeps its share when the times are balanced or move it by less than 2 steps', () => {
    const random = seededRandom(8);
    for (let trial = 0; trial < 50; trial++) {
      const balance = new BlockBalance();
      const blocks = 2 + Math.floor(random() * 3);
      const ms = 0.1 + random() * 5;
      balance.record(blocks, 1 / blocks, ms, ms);
      expect(balance.share(blocks)).toBe(1 / blocks);
      // A worker 2 % slower: the balanced share moves by about 1 %, under 2 steps of 1/64.
      balance.record(blocks, 1 / blocks, ms, ms * 1.02);
      expect(balance.share(blocks)).toBe(1 / blocks);
    }
  });

  it('stays within 1/64 and 63/64 however skewed the times, and ignores calls without times', () => {
    const balance = new BlockBalance();
    balance.record(2, 1 / 2, 1e-6, 1e6);
    // Near a bound the halfway step is under 2 steps, so it stops 1 step short of 63/64.
    for (let k = 0; k < 20; k++) balance.record(2, balance.share(2), 1e-6, 1e6);
    expect(balance.share(2)).toBeGreaterThanOrEqual(62 / 64);
    expect(balance.share(2)).toBeLessThanOrEqual(63 / 64);
    for (let k = 0; k < 20; k++) balance.record(2, balance.share(2), 1e6, 1e-6);
    expect(balance.share(2)).toBeGreaterThanOrEqual(1 / 64);
    expect(balance.share(2)).toBeLessThanOrEqual(2 / 64);
    const before = balance.share(2);
    balance.record(2, before, 0, 1);
    balance.record(2, before, Number.NaN, 1);
    balance.record(1, 1, 5, 1);
    expect(balance.share(2)).toBe(before);
  });
});
