/**
 * The copy walk of the relayout family, driven by run tables (`PhysicalRuns`). relayout,
 * unrelayout and convertLayout are all one operation, "move every logical element from its
 * offset under one table to its offset under another", with the logical tensor itself described
 * by the identity table. Values move as raw bits through an `ElementMover`, so NaN payloads
 * survive bit-exactly.
 */
import { LruCache } from '../util/lru.js';
import { ElementMover } from './element-mover.js';
import type { LayoutValues } from './layout-values.js';
import { forEachStretch, movePlan, runStart } from './move-plan.js';
import type { PhysicalRuns } from './physical-runs.js';

/**
 * Run tables of row-major logical tensors, one per element count, kept so the same object comes
 * back each call: move plans are cached per pair of table objects.
 */
const identityTables = new LruCache<PhysicalRuns>({ maxEntries: 64, maxWeight: 64 }, () => 1);

/** The run table of a row-major logical tensor of `count` elements: one run, stride 1. */
export function identityRuns(count: number): PhysicalRuns {
  return identityTables.getOrCompute(String(count), () => ({
    logicalCount: count,
    physicalCount: count,
    stride: 1,
    starts: Int32Array.of(0),
    ends: Int32Array.of(count),
    groups: null,
  }));
}

/** Whether `runs` describes a row-major logical tensor itself (one run from 0, stride 1). */
const isIdentity = (runs: PhysicalRuns) =>
  runs.stride === 1 && runs.starts.length <= 1 && (runs.starts[0] ?? 0) === 0;

/**
 * For each run of `runs`, the offset under `other` of its first logical element, provided
 * `other` is contiguous (stride 1) and every run of `runs` lies inside one run of `other` (so it
 * is one contiguous stretch there too); otherwise null. One merge walk in logical order.
 */
function offsetsUnder(runs: PhysicalRuns, other: PhysicalRuns): Int32Array | null {
  if (other.stride !== 1) return null;
  const offsets = new Int32Array(runs.starts.length);
  let o = 0; // the run of `other` holding logical position l
  let l = 0;
  for (let r = 0; r < runs.starts.length; r++) {
    while (other.ends[o]! <= l) o++;
    const end = runs.ends[r]!;
    if (end > other.ends[o]!) return null;
    offsets[r] = other.starts[o]! + (l - runStart(other, o));
    l = end;
  }
  return offsets;
}

/**
 * `offsetsUnder` per pair of run tables, kept as long as both tables live (they come from the
 * bounded layout cache, so this is bounded too): a repeated convertLayout allocates nothing.
 */
const offsetsCache = new WeakMap<PhysicalRuns, WeakMap<PhysicalRuns, Int32Array | null>>();

/** How a group walk over `runs` finds the other side's offsets. */
interface GroupWalk {
  /** Offset of each run of `runs` on the other side; null when that side is the logical tensor. */
  readonly offsets: Int32Array | null;
}

const AGAINST_LOGICAL: GroupWalk = { offsets: null };

/** The group walk of `runs` against `other`, or null where runs cannot be walked in groups. */
function groupWalk(runs: PhysicalRuns, other: PhysicalRuns): GroupWalk | null {
  if (runs.groups === null) return null;
  if (isIdentity(other)) return AGAINST_LOGICAL;
  let byOther = offsetsCache.get(runs);
  if (byOther === undefined) {
    byOther = new WeakMap();
    offsetsCache.set(runs, byOther);
  }
  if (!byOther.has(other)) byOther.set(other, offsetsUnder(runs, other));
  const offsets = byOther.get(other)!;
  return offsets === null ? null : { offsets };
}

/**
 * Moves every interleaved group of `runs` (the strided side, in physical order) to or from the
 * contiguous side: `interleaving` writes each group's block in `to` from runs of `from`, else
 * the block is read from `from` and split into runs of `to`. The other side's offsets are the
 * logical positions when `offsets` is null, else `offsets[r]` for run r. A flag rather than a
 * callback: one call site per direction keeps the per-group calls monomorphic, which V8 inlines.
 */
function moveGroups(
  mover: ElementMover,
  runs: PhysicalRuns,
  offsets: Int32Array | null,
  interleaving: boolean,
): void {
  const { members, ends: groupEnds } = runs.groups!;
  const otherOffsets = new Int32Array(runs.stride);
  let m = 0;
  for (let g = 0; g < groupEnds.length; g++) {
    const first = members[m]!;
    const count = groupEnds[g]! - m;
    for (let j = 0; j < count; j++) {
      const r = members[m + j]!;
      otherOffsets[j] = offsets === null ? runStart(runs, r) : offsets[r]!;
    }
    const block = runs.starts[first]!;
    const length = runs.ends[first]! - runStart(runs, first);
    if (interleaving) mover.interleave(block, runs.stride, otherOffsets, count, length);
    else mover.deinterleave(otherOffsets, count, block, runs.stride, length);
    m = groupEnds[g]!;
  }
}

/**
 * `to[offset of l under toRuns] = from[offset of l under fromRuns]` for every logical element,
 * in one pass: no logical tensor is materialised. Either way the tiled side is walked front to
 * back: two contiguous tables copy through their cached move plan, ordered by the more
 * fragmented side; where one side is strided (a minor tiling) and the other contiguous, the
 * strided side's interleaved groups are walked so its blocks are written (or read) in order.
 * Otherwise both tables are walked together in logical order.
 */
export function convertRuns(
  to: LayoutValues,
  toRuns: PhysicalRuns,
  from: LayoutValues,
  fromRuns: PhysicalRuns,
): void {
  const mover = new ElementMover(to, from);
  const plan = movePlan(toRuns, fromRuns);
  if (plan) {
    mover.movePlanned(plan);
    return;
  }
  const toWalk = groupWalk(toRuns, fromRuns);
  if (toWalk) {
    moveGroups(mover, toRuns, toWalk.offsets, true);
    return;
  }
  const fromWalk = groupWalk(fromRuns, toRuns);
  if (fromWalk) {
    moveGroups(mover, fromRuns, fromWalk.offsets, false);
    return;
  }
  forEachStretch(toRuns, fromRuns, (t, f, length) => {
    mover.move(t, toRuns.stride, f, fromRuns.stride, length);
  });
}
