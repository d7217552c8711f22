/**
 * A logical → physical offset map compressed into runs: maximal stretches of consecutive logical
 * elements whose physical offsets advance by one common stride. Tiled layouts have long runs
 * (a tile row), so copies move whole runs instead of looking up an offset per element, and the
 * compressed form is small enough to cache. Built from `@tilekit/layout`'s `offsetMap`; no
 * layout arithmetic happens here.
 */

import { type InterleavedGroups, interleavedGroupsOf } from './interleaved-groups.js';

/** Logical elements, in row-major order, as runs of physical offsets `start + k * stride`. */
export interface PhysicalRuns {
  /** Logical element count. */
  readonly logicalCount: number;
  /** Physical buffer length, padding included (`physicalElementCount`). */
  readonly physicalCount: number;
  /** Physical step between consecutive elements of a run (the same for every run). */
  readonly stride: number;
  /** Physical offset of each run's first element. */
  readonly starts: Int32Array;
  /** Logical position one past each run's last element (cumulative, increasing). */
  readonly ends: Int32Array;
  /** For small strides > 1: the runs that interleave into contiguous physical blocks; else null. */
  readonly groups: InterleavedGroups | null;
}

/** How many leading steps of the map vote on the common stride. */
const STRIDE_SAMPLE = 4096;

/** The most frequent positive step among the map's first steps (1 when there is none). */
function commonStride(map: Int32Array): number {
  const votes = new Map<number, number>();
  const sample = Math.min(map.length - 1, STRIDE_SAMPLE);
  for (let i = 1; i <= sample; i++) {
    const step = map[i]! - map[i - 1]!;
    if (step > 0) votes.set(step, (votes.get(step) ?? 0) + 1);
  }
  let best = 1;
  let bestVotes = 0;
  for (const [step, count] of votes) {
    if (count > bestVotes) [best, bestVotes] = [step, count];
  }
  return best;
}

/**
 * Compresses `map` (entry i: physical offset of logical element i) into runs.
 *
 * @param map A logical → physical offset map, as `offsetMap` returns.
 * @param physicalCount Length of the physical buffer the map addresses.
 */
export function physicalRunsOf(map: Int32Array, physicalCount: number): PhysicalRuns {
  const n = map.length;
  const stride = commonStride(map);
  let count = n > 0 ? 1 : 0;
  for (let i = 1; i < n; i++) if (map[i]! - map[i - 1]! !== stride) count++;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  let r = 0;
  for (let i = 0; i < n; i++) {
    if (i === 0 || map[i]! - map[i - 1]! !== stride) {
      if (r > 0) ends[r - 1] = i;
      starts[r++] = map[i]!;
    }
  }
  if (count > 0) ends[count - 1] = n;
  const groups = interleavedGroupsOf(starts, ends, stride);
  return { logicalCount: n, physicalCount, stride, starts, ends, groups };
}

/** Bytes held by a run table (for cache accounting). */
export function runBytes(runs: PhysicalRuns): number {
  const groupBytes = runs.groups ? runs.groups.members.byteLength + runs.groups.ends.byteLength : 0;
  return runs.starts.byteLength + runs.ends.byteLength + groupBytes;
}
