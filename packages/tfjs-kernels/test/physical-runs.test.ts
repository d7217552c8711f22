/** Compression of offset maps into strided runs (the relayout family's cached form). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { physicalRunsOf } from '../src/relayout/physical-runs.js';

/** Expands runs back into a logical → physical map. */
function expand(runs: ReturnType<typeof physicalRunsOf>): number[] {
  const map: number[] = [];
  let l = 0;
  runs.starts.forEach((start, r) => {
    for (let k = 0; l < runs.ends[r]!; k++, l++) map.push(start + k * runs.stride);
  });
  return map;
}

describe('physicalRunsOf', () => {
  it('splits the seed’s F32[3,5]{1,0:T(2,2)} map at every tile edge', () => {
    // offsetMap of the figure: row 0 -> 0 1 | 4 5 | 8, row 1 -> 2 3 | 6 7 | 10, row 2 -> 12 13 | 16 17 | 20.
    const map = Int32Array.from([0, 1, 4, 5, 8, 2, 3, 6, 7, 10, 12, 13, 16, 17, 20]);
    const runs = physicalRunsOf(map, 24);
    expect(runs.stride).toBe(1);
    expect(Array.from(runs.starts)).toEqual([0, 4, 8, 2, 6, 10, 12, 16, 20]);
    expect(Array.from(runs.ends)).toEqual([2, 4, 5, 7, 9, 10, 12, 14, 15]);
    expect(runs.physicalCount).toBe(24);
  });

  it('picks the common stride: column-major 3x4 is three runs of stride 3', () => {
    const map = Int32Array.from([0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11]);
    const runs = physicalRunsOf(map, 12);
    expect(runs.stride).toBe(3);
    expect(Array.from(runs.starts)).toEqual([0, 1, 2]);
    expect(Array.from(runs.ends)).toEqual([4, 8, 12]);
  });

  it('represents any map exactly (expanding the runs gives the map back)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 40 }), (values) => {
        const map = Int32Array.from(values);
        expect(expand(physicalRunsOf(map, 51))).toEqual(values);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
