/** Grouping of strided runs into the physical blocks they fill together. */
import { offsetMap, physicalElementCount } from '@tilekit/layout';
import { describe, expect, it } from 'vitest';
import { interleavedGroupsOf } from '../src/relayout/interleaved-groups.js';
import { physicalRunsOf } from '../src/relayout/physical-runs.js';

const runsOf = (shape: string) => physicalRunsOf(offsetMap(shape), physicalElementCount(shape));

/** The groups as lists of run indices. */
function groupLists(shape: string): number[][] {
  const { groups } = runsOf(shape);
  const lists: number[][] = [];
  let m = 0;
  for (const end of groups!.ends) {
    lists.push(Array.from(groups!.members.subarray(m, end)));
    m = end;
  }
  return lists;
}

describe('interleavedGroupsOf', () => {
  it('pairs the two rows of each (2,1) minor tile, in physical order', () => {
    // f32[4,4]{1,0:T(2,4)(2,1)}: rows 0/1 interleave into [0,8), rows 2/3 into [8,16).
    const runs = runsOf('f32[4,4]{1,0:T(2,4)(2,1)}');
    expect(runs.stride).toBe(2);
    expect(Array.from(runs.starts)).toEqual([0, 1, 8, 9]);
    expect(groupLists('f32[4,4]{1,0:T(2,4)(2,1)}')).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('leaves a run alone when its partner row is missing (odd row count, padded tile)', () => {
    // Row 2 has no row 3 to pair with: its run is a group of one.
    expect(groupLists('f32[3,4]{1,0:T(2,4)(2,1)}')).toEqual([[0, 1], [2]]);
  });

  it('puts every run in exactly one group, members at consecutive starts with equal lengths', () => {
    for (const shape of [
      'f32[7,9]{1,0:T(4,4)(2,1)}',
      'f32[6,10]{0,1:T(2,2)}',
      'pred[5,33]{1,0:T(4,8)(4,1)}',
      'f32[2,3,5]{2,1,0:T(2,2)(2,1)}',
    ]) {
      const runs = runsOf(shape);
      const lengthOf = (r: number) => runs.ends[r]! - (r === 0 ? 0 : runs.ends[r - 1]!);
      const seen = new Set<number>();
      let lastStart = -1;
      for (const group of groupLists(shape)) {
        expect(group.length).toBeLessThanOrEqual(runs.stride);
        const [first] = group as [number];
        expect(runs.starts[first]!).toBeGreaterThan(lastStart);
        lastStart = runs.starts[first]!;
        group.forEach((r, j) => {
          expect(seen.has(r)).toBe(false);
          seen.add(r);
          expect(runs.starts[r]).toBe(runs.starts[first]! + j);
          expect(lengthOf(r)).toBe(lengthOf(first));
        });
      }
      expect(seen.size).toBe(runs.starts.length);
    }
  });

  it('is null for wide strides (column-major rows), where grouping gains nothing', () => {
    const runs = runsOf('f32[16,5]{0,1}');
    expect(runs.stride).toBe(16);
    expect(runs.groups).toBeNull();
  });

  it('is null for contiguous (stride 1) tables', () => {
    expect(runsOf('f32[16,16]{1,0:T(8,8)}').groups).toBeNull();
    expect(interleavedGroupsOf(Int32Array.of(0), Int32Array.of(4), 1)).toBeNull();
  });
});
