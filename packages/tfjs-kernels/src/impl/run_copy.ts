/**
 * The copy loops of the relayout family, driven by run tables (`PhysicalRuns`). Values move as
 * raw bits through an `ElementMover`, so NaN payloads survive bit-exactly.
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

/**
 * Calls `visit` once per interleaved group of `runs` (physical order) with the group's physical
 * start, the logical start of each member (in `logicalStarts`), the member count and the common
 * run length.
 */
function forEachGroup(
  runs: PhysicalRuns,
  visit: (physicalStart: number, logicalStarts: Int32Array, count: number, length: number) => void,
): void {
  const { members, ends: groupEnds } = runs.groups!;
  const logicalStarts = new Int32Array(runs.stride);
  const logicalStartOf = (r: number) => (r === 0 ? 0 : runs.ends[r - 1]!);
  let m = 0;
  for (let g = 0; g < groupEnds.length; g++) {
    const first = members[m]!;
    const count = groupEnds[g]! - m;
    for (let j = 0; j < count; j++) logicalStarts[j] = logicalStartOf(members[m + j]!);
    visit(runs.starts[first]!, logicalStarts, count, runs.ends[first]! - logicalStarts[0]!);
    m = groupEnds[g]!;
  }
}

/** `physical[runs' offset of l] = logical[l]` for every logical element (relayout). */
export function scatterRuns(
  physical: LayoutValues,
  logical: LayoutValues,
  runs: PhysicalRuns,
): void {
  const mover = new ElementMover(physical, logical);
  const { starts, ends, stride } = runs;
  if (runs.groups) {
    forEachGroup(runs, (t, sources, count, length) =>
      mover.interleave(t, stride, sources, count, length),
    );
    return;
  }
  let l = 0;
  for (let r = 0; r < starts.length; r++) {
    const end = ends[r]!;
    mover.move(starts[r]!, stride, l, 1, end - l);
    l = end;
  }
}

/** `logical[l] = physical[runs' offset of l]` for every logical element (unrelayout). */
export function gatherRuns(
  logical: LayoutValues,
  physical: LayoutValues,
  runs: PhysicalRuns,
): void {
  const mover = new ElementMover(logical, physical);
  const { starts, ends, stride } = runs;
  if (runs.groups) {
    forEachGroup(runs, (f, targets, count, length) =>
      mover.deinterleave(targets, count, f, stride, length),
    );
    return;
  }
  let l = 0;
  for (let r = 0; r < starts.length; r++) {
    const end = ends[r]!;
    mover.move(l, 1, starts[r]!, stride, end - l);
    l = end;
  }
}

/**
 * `to[offset of l under toRuns] = from[offset of l under fromRuns]` for every logical element,
 * walking both run tables together (convertLayout): no logical tensor is materialised.
 */
export function convertRuns(
  to: LayoutValues,
  toRuns: PhysicalRuns,
  from: LayoutValues,
  fromRuns: PhysicalRuns,
): void {
  const mover = new ElementMover(to, from);
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
