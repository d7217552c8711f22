/**
 * The copy walk of the relayout family, driven by run tables (`PhysicalRuns`). relayout,
 * unrelayout and convertLayout are all one operation, "move every logical element from its
 * offset under one table to its offset under another", with the logical tensor itself described
 * by the identity table. Values move as raw bits through an `ElementMover`, so NaN payloads
 * survive bit-exactly.
 */
import type { PhysicalRuns } from '../layout/physical_runs.js';
import { ElementMover } from './element_mover.js';

/** Typed arrays that carry relayout data: float32, int32 and bool tensors. */
export type LayoutValues = Float32Array | Int32Array | Uint8Array;

/** A new zeroed array of the same kind as `like`. */
export function allocateLike<T extends LayoutValues>(like: T, length: number): T {
  if (like instanceof Float32Array) return new Float32Array(length) as T;
  if (like instanceof Int32Array) return new Int32Array(length) as T;
  return new Uint8Array(length) as T;
}

/** The run table of a row-major logical tensor of `count` elements: one run, stride 1. */
export function identityRuns(count: number): PhysicalRuns {
  return {
    logicalCount: count,
    physicalCount: count,
    stride: 1,
    starts: Int32Array.of(0),
    ends: Int32Array.of(count),
    groups: null,
  };
}

/** Logical position of the first element of run `r`. */
const runStart = (runs: PhysicalRuns, r: number) => (r === 0 ? 0 : runs.ends[r - 1]!);

/**
 * Whether `other` is contiguous (stride 1) and every run of `runs` lies inside one run of
 * `other`, so each run of `runs` is one contiguous stretch under `other` too. One merge walk
 * over both tables in logical order; allocates nothing.
 */
function nestsInContiguousRuns(runs: PhysicalRuns, other: PhysicalRuns): boolean {
  if (other.stride !== 1) return false;
  let o = 0; // the run of `other` holding logical position l
  let l = 0;
  for (let r = 0; r < runs.starts.length; r++) {
    while (other.ends[o]! <= l) o++;
    const end = runs.ends[r]!;
    if (end > other.ends[o]!) return false;
    l = end;
  }
  return true;
}

/**
 * Index of the run of `runs` holding logical position `l`. Tries `hint` and the run after it
 * first (a group walk mostly moves on by one run), then searches the run ends.
 */
function runHolding(runs: PhysicalRuns, l: number, hint: number): number {
  const { ends } = runs;
  for (let r = hint; r <= hint + 1 && r < ends.length; r++) {
    if (runStart(runs, r) <= l && l < ends[r]!) return r;
  }
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid]! <= l) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Calls `visit` once per interleaved group of `runs` (physical order) with the group's physical
 * start, each member's offset under the contiguous table `other` (in `otherOffsets`), the member
 * count and the common run length. Requires `nestsInContiguousRuns(runs, other)`.
 */
function forEachGroup(
  runs: PhysicalRuns,
  other: PhysicalRuns,
  visit: (physicalStart: number, otherOffsets: Int32Array, count: number, length: number) => void,
): void {
  const { members, ends: groupEnds } = runs.groups!;
  const otherOffsets = new Int32Array(runs.stride);
  let hint = 0;
  let m = 0;
  for (let g = 0; g < groupEnds.length; g++) {
    const first = members[m]!;
    const count = groupEnds[g]! - m;
    for (let j = 0; j < count; j++) {
      const l = runStart(runs, members[m + j]!);
      const o = runHolding(other, l, j === 0 ? hint : hint + 1);
      if (j === 0) hint = o;
      otherOffsets[j] = other.starts[o]! + (l - runStart(other, o));
    }
    visit(runs.starts[first]!, otherOffsets, count, runs.ends[first]! - runStart(runs, first));
    m = groupEnds[g]!;
  }
}

/**
 * `to[offset of l under toRuns] = from[offset of l under fromRuns]` for every logical element,
 * in one pass: no logical tensor is materialised. Where one side is strided (a minor tiling) and
 * the other contiguous, the strided side's interleaved groups are walked so its blocks are
 * written (or read) front to back; otherwise both tables are walked together in logical order.
 */
export function convertRuns(
  to: LayoutValues,
  toRuns: PhysicalRuns,
  from: LayoutValues,
  fromRuns: PhysicalRuns,
): void {
  const mover = new ElementMover(to, from);
  if (toRuns.groups && nestsInContiguousRuns(toRuns, fromRuns)) {
    forEachGroup(toRuns, fromRuns, (t, offsets, count, length) =>
      mover.interleave(t, toRuns.stride, offsets, count, length),
    );
    return;
  }
  if (fromRuns.groups && nestsInContiguousRuns(fromRuns, toRuns)) {
    forEachGroup(fromRuns, toRuns, (f, offsets, count, length) =>
      mover.deinterleave(offsets, count, f, fromRuns.stride, length),
    );
    return;
  }
  let a = 0; // current run in fromRuns
  let b = 0; // current run in toRuns
  let aStart = 0; // logical position where run a starts
  let bStart = 0;
  for (let l = 0; l < fromRuns.logicalCount; ) {
    const aEnd = fromRuns.ends[a]!;
    const bEnd = toRuns.ends[b]!;
    const end = Math.min(aEnd, bEnd);
    mover.move(
      toRuns.starts[b]! + (l - bStart) * toRuns.stride,
      toRuns.stride,
      fromRuns.starts[a]! + (l - aStart) * fromRuns.stride,
      fromRuns.stride,
      end - l,
    );
    l = end;
    if (l === aEnd) [a, aStart] = [a + 1, aEnd];
    if (l === bEnd) [b, bStart] = [b + 1, bEnd];
  }
}
