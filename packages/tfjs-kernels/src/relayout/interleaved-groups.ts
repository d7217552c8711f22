/**
 * Runs of a strided run table that interleave into contiguous physical blocks. A minor tiling
 * such as `(2,1)` stores two logical rows element by element, so the runs starting at s and
 * s + 1 (stride 2, equal length n) fill [s, s + 2n) together. Copying such runs as a group
 * walks the block front to back once, instead of visiting every other element in two passes.
 */

/**
 * Widest interleave grouped. Minor tiles like (2,1) or (4,1) interleave 2–4 runs; a wide stride
 * (column-major data: every row is a run of stride = row count) gains nothing from grouping
 * over per-run strided copies, and its groups would need per-call scratch as wide as the stride.
 */
export const MAX_INTERLEAVE_WIDTH = 8;

/** Groups of runs, each filling (part of) one physical block; every run is in one group. */
export interface InterleavedGroups {
  /** Run indices, group after group; member j of a group starts at its first member's start + j. */
  readonly members: Int32Array;
  /** One past each group's last entry in `members` (cumulative). */
  readonly ends: Int32Array;
}

/**
 * Groups the runs of a table with stride 2 … `MAX_INTERLEAVE_WIDTH` (null otherwise: stride 1
 * runs are contiguous already). Greedy in physical order: a run not yet taken opens a group, and the runs starting
 * at +1, +2, … (below the stride) with the same length join it. Groups come in physical order,
 * so a copy that walks them writes (or reads) the physical buffer front to back.
 *
 * @param starts Physical start of each run.
 * @param runEnds Logical end of each run (cumulative), as in `PhysicalRuns.ends`.
 * @param stride The table's common physical stride.
 */
export function interleavedGroupsOf(
  starts: Int32Array,
  runEnds: Int32Array,
  stride: number,
): InterleavedGroups | null {
  if (stride <= 1 || stride > MAX_INTERLEAVE_WIDTH) return null;
  const count = starts.length;
  const length = (r: number) => runEnds[r]! - (r === 0 ? 0 : runEnds[r - 1]!);
  const runAt = new Map<number, number>();
  for (let r = 0; r < count; r++) runAt.set(starts[r]!, r);
  const inPhysicalOrder = Int32Array.from({ length: count }, (_, r) => r).sort(
    (a, b) => starts[a]! - starts[b]!,
  );
  const taken = new Uint8Array(count);
  const members = new Int32Array(count);
  const groupEnds: number[] = [];
  let m = 0;
  for (const leader of inPhysicalOrder) {
    if (taken[leader]) continue;
    for (let j = 0; j < stride; j++) {
      const r = j === 0 ? leader : runAt.get(starts[leader]! + j);
      if (r === undefined || taken[r] || length(r) !== length(leader)) break;
      taken[r] = 1;
      members[m++] = r;
    }
    groupEnds.push(m);
  }
  return { members, ends: Int32Array.from(groupEnds) };
}
