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

/**
 * For each run of `runs`, the offset under `other` of the run's first logical element, provided
 * `other` is contiguous (stride 1) and every run of `runs` lies inside one run of `other`;
 * otherwise null. One merge walk over both tables in logical order.
 */
function offsetsInContiguousRuns(runs: PhysicalRuns, other: PhysicalRuns): Int32Array | null {
  if (other.stride !== 1) return null;
  const offsets = new Int32Array(runs.starts.length);
  let o = 0; // the run of `other` holding logical position l
  let oStart = 0;
  let l = 0;
  for (let r = 0; r < runs.starts.length; r++) {
    while (other.ends[o]! <= l) oStart = other.ends[o++]!;
    const end = runs.ends[r]!;
    if (end > other.ends[o]!) return null;
    offsets[r] = other.starts[o]! + (l - oStart);
    l = end;
  }
  return offsets;
}

/**
 * Calls `visit` once per interleaved group of `runs` (physical order) with the group's physical
 * start, the offset under the other table of each member (in `otherOffsets`), the member count
 * and the common run length.
 */
function forEachGroup(
  runs: PhysicalRuns,
  offsetOfRun: Int32Array,
  visit: (physicalStart: number, otherOffsets: Int32Array, count: number, length: number) => void,
): void {
  const { members, ends: groupEnds } = runs.groups!;
  const otherOffsets = new Int32Array(runs.stride);
  let m = 0;
  for (let g = 0; g < groupEnds.length; g++) {
    const first = members[m]!;
    const count = groupEnds[g]! - m;
    for (let j = 0; j < count; j++) otherOffsets[j] = offsetOfRun[members[m + j]!]!;
    const length = runs.ends[first]! - (first === 0 ? 0 : runs.ends[first - 1]!);
    visit(runs.starts[first]!, otherOffsets, count, length);
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
  const sources = toRuns.groups && offsetsInContiguousRuns(toRuns, fromRuns);
  if (sources) {
    forEachGroup(toRuns, sources, (t, offsets, count, length) =>
      mover.interleave(t, toRuns.stride, offsets, count, length),
    );
    return;
  }
  const targets = fromRuns.groups && offsetsInContiguousRuns(fromRuns, toRuns);
  if (targets) {
    forEachGroup(fromRuns, targets, (f, offsets, count, length) =>
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
