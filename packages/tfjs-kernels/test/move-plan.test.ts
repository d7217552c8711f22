/** Move plans: a copy between two contiguous run tables flattened into ordered moves. */
import { offsetMap, physicalElementCount } from '@tilekit/layout';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MOVE_FIELDS, movePlan } from '../src/relayout/move-plan.js';
import { type PhysicalRuns, physicalRunsOf } from '../src/relayout/physical-runs.js';
import { identityRuns } from '../src/relayout/run-copy.js';

/** The run table of a whole XLA shape text. */
const runsOf = (shape: string) => physicalRunsOf(offsetMap(shape), physicalElementCount(shape));

/** The plan's moves as [t, f, length] triples. */
function triples(plan: { moves: Int32Array }): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < plan.moves.length; k += MOVE_FIELDS)
    out.push(Array.from(plan.moves.subarray(k, k + MOVE_FIELDS)));
  return out;
}

/** Each logical element's offset under `runs`, expanded. */
function expand(runs: PhysicalRuns): number[] {
  const map: number[] = [];
  for (let r = 0, l = 0; r < runs.starts.length; r++)
    for (let k = 0; l < runs.ends[r]!; k++, l++) map.push(runs.starts[r]! + k * runs.stride);
  return map;
}

describe('movePlan', () => {
  // The seed's figure: F32[3,5]{1,0:T(2,2)}, rows 0 and 1 in tiles of 2x2, row 2 in the next band.
  const seed = runsOf('f32[3,5]{1,0:T(2,2)}');

  it('relayout of the seed’s figure: one move per tile row, writing the buffer front to back', () => {
    const plan = movePlan(seed, identityRuns(15))!;
    // Tile (0,0) holds rows 0-1 of columns 0-1, tile (0,1) columns 2-3, tile (0,2) column 4;
    // row 2 starts the next band at offset 12.
    expect(triples(plan)).toEqual([
      [0, 0, 2],
      [2, 5, 2],
      [4, 2, 2],
      [6, 7, 2],
      [8, 4, 1],
      [10, 9, 1],
      [12, 10, 2],
      [16, 12, 2],
      [20, 14, 1],
    ]);
    expect(plan.alignment).toBe(1);
    expect(plan.longest).toBe(2);
  });

  it('unrelayout of the seed’s figure reads the buffer front to back', () => {
    const plan = movePlan(identityRuns(15), seed)!;
    expect(triples(plan).map(([, f]) => f)).toEqual([0, 2, 4, 6, 8, 10, 12, 16, 20]);
    expect(triples(plan)).toContainEqual([5, 2, 2]);
  });

  it('records the word alignment and longest move of a T(8,128) layout', () => {
    const plan = movePlan(runsOf('f32[16,256]{1,0:T(8,128)}'), identityRuns(16 * 256))!;
    expect(plan.alignment).toBe(8);
    expect(plan.longest).toBe(256); // row 7's last tile row runs on into row 8's first
    expect(plan.moves.length / MOVE_FIELDS).toBe(31);
  });

  it('has no plan for a strided table, and caches plans per pair of tables', () => {
    expect(movePlan(runsOf('f32[4,6]{0,1}'), identityRuns(24))).toBeNull();
    expect(movePlan(seed, identityRuns(15))).toBe(movePlan(seed, identityRuns(15)));
  });

  it('moves every logical element exactly once, in the more fragmented side’s order, for random table pairs', () => {
    /** A contiguous table: the logical elements cut at `cuts`, the pieces placed in `order`. */
    const table = (count: number, cuts: number[], shuffle: number): PhysicalRuns => {
      const bounds = [...new Set([0, ...cuts.map((c) => c % count), count])].sort((a, b) => a - b);
      const pieces = bounds.slice(1).map((end, r) => [bounds[r]!, end] as const);
      const placed = pieces
        .map((_, r) => r)
        .sort((a, b) => ((a * 7 + shuffle) % 11) - ((b * 7 + shuffle) % 11));
      const starts = new Int32Array(pieces.length);
      let p = 0;
      for (const r of placed) {
        starts[r] = p;
        p += pieces[r]![1] - pieces[r]![0];
      }
      const ends = Int32Array.from(pieces, ([, end]) => end);
      return { logicalCount: count, physicalCount: count, stride: 1, starts, ends, groups: null };
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        (count, toCuts, fromCuts, s1, s2) => {
          const toRuns = table(count, toCuts, s1);
          const fromRuns = table(count, fromCuts, s2);
          const plan = movePlan(toRuns, fromRuns)!;
          const toMap = expand(toRuns);
          const fromMap = expand(fromRuns);
          // Physical under `to` of each physical under `from`, from the plan and from the maps.
          const planned = new Array<number>(count).fill(-1);
          // The side with more runs (the target on a tie) is walked front to back.
          const walked = toRuns.starts.length >= fromRuns.starts.length ? 'to' : 'from';
          let last = -1;
          for (const [t, f, length] of triples(plan)) {
            const offset = walked === 'to' ? t! : f!;
            expect(offset).toBeGreaterThan(last);
            last = offset;
            for (let k = 0; k < length!; k++) {
              expect(planned[f! + k]).toBe(-1);
              planned[f! + k] = t! + k;
            }
          }
          const expected = new Array<number>(count);
          for (let l = 0; l < count; l++) expected[fromMap[l]!] = toMap[l]!;
          expect(planned).toEqual(expected);
        },
      ),
      { seed: 17, numRuns: 300 },
    );
  });
});
