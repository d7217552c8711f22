/**
 * Move plans: a copy between two contiguous (stride 1) run tables, flattened once into the list
 * of contiguous moves it consists of, in the order the copy should run.
 *
 * A tiled relayout is tens of thousands of moves of a few hundred bytes (one per tile row). Found
 * by walking the two run tables against each other, each move costs a handful of table reads and
 * branches on top of its copy; read from a plan, the copy loop runs at the speed of a loop
 * written by hand for the one layout (a small share of a whole relayout; `bench/PERFORMANCE.md`
 * has the figures). Plans are cached beside the run tables they come from.
 *
 * Moves run in the order of the more fragmented side (the tiled buffer, for relayout and
 * unrelayout alike), so that side is walked front to back as one stream while the other side
 * is visited a band at a time (8 row streams for T(8,128)). The opposite order would touch one
 * stream per tile across a row (16 for f32[2048,2048]) and is slower for both directions, the
 * streams' cache misses being what a copy this size waits on.
 */
import { memoizeOnPair } from '../util/weak-cache.js';
import type { PhysicalRuns } from './physical-runs.js';

/** Contiguous moves `to[t + k] = from[f + k]` for k < length, in element units. */
export interface MovePlan {
  /**
   * Triples (t, f, length), sorted by the offset on the side with more runs (t on a tie): that
   * side is walked front to back.
   */
  readonly moves: Int32Array;
  /**
   * The largest power of two, at most 8, dividing every t, f and length: when elements per
   * 8-byte word divide it, every move goes by whole words.
   */
  readonly alignment: number;
  /** Length of the longest move, in elements. */
  readonly longest: number;
}

/** Elements per move triple. */
export const MOVE_FIELDS = 3;

/** Largest alignment a plan records (one 8-byte word of bytes). */
const MAX_ALIGNMENT = 8;

/** Logical position of the first element of run `r`. */
export const runStart = (runs: PhysicalRuns, r: number): number =>
  r === 0 ? 0 : runs.ends[r - 1]!;

/**
 * Calls `visit(t, f, length)` for each maximal logical stretch that lies inside one run of each
 * table, in logical order: the stretch starts at offset t under `toRuns` and f under `fromRuns`
 * and advances by each table's stride.
 */
export function forEachStretch(
  toRuns: PhysicalRuns,
  fromRuns: PhysicalRuns,
  visit: (t: number, f: number, length: number) => void,
): void {
  let a = 0; // current run in fromRuns
  let b = 0; // current run in toRuns
  let aStart = 0; // logical position where run a starts
  let bStart = 0;
  for (let l = 0; l < fromRuns.logicalCount; ) {
    const aEnd = fromRuns.ends[a]!;
    const bEnd = toRuns.ends[b]!;
    const end = Math.min(aEnd, bEnd);
    visit(
      toRuns.starts[b]! + (l - bStart) * toRuns.stride,
      fromRuns.starts[a]! + (l - aStart) * fromRuns.stride,
      end - l,
    );
    l = end;
    if (l === aEnd) [a, aStart] = [a + 1, aEnd];
    if (l === bEnd) [b, bStart] = [b + 1, bEnd];
  }
}

/** Triples in logical order, as `forEachStretch` finds them (counted first, then filled). */
function logicalMoves(toRuns: PhysicalRuns, fromRuns: PhysicalRuns): Int32Array {
  let count = 0;
  forEachStretch(toRuns, fromRuns, () => {
    count++;
  });
  const moves = new Int32Array(count * MOVE_FIELDS);
  let k = 0;
  forEachStretch(toRuns, fromRuns, (t, f, length) => {
    moves[k++] = t;
    moves[k++] = f;
    moves[k++] = length;
  });
  return moves;
}

/**
 * `moves` reordered by the offset in field `field` (0: t, 1: f), returned as is when already in
 * that order.
 */
function sortedByField(moves: Int32Array, field: number): Int32Array {
  const count = moves.length / MOVE_FIELDS;
  let sorted = true;
  for (let m = 1; m < count && sorted; m++) {
    sorted = moves[m * MOVE_FIELDS + field]! >= moves[(m - 1) * MOVE_FIELDS + field]!;
  }
  if (sorted) return moves;
  const order = Int32Array.from({ length: count }, (_, m) => m);
  order.sort((p, q) => moves[p * MOVE_FIELDS + field]! - moves[q * MOVE_FIELDS + field]!);
  const out = new Int32Array(moves.length);
  for (let k = 0; k < count; k++) {
    for (let i = 0; i < MOVE_FIELDS; i++) {
      out[k * MOVE_FIELDS + i] = moves[order[k]! * MOVE_FIELDS + i]!;
    }
  }
  return out;
}

/** The plan of a copy between two contiguous tables (moves, alignment, longest move). */
function buildPlan(toRuns: PhysicalRuns, fromRuns: PhysicalRuns): MovePlan {
  const walkedField = toRuns.starts.length >= fromRuns.starts.length ? 0 : 1;
  const moves = sortedByField(logicalMoves(toRuns, fromRuns), walkedField);
  let bits = MAX_ALIGNMENT;
  let longest = 0;
  for (let k = 0; k < moves.length; k += MOVE_FIELDS) {
    bits |= moves[k]! | moves[k + 1]! | moves[k + 2]!;
    longest = Math.max(longest, moves[k + 2]!);
  }
  return { moves, alignment: bits & -bits, longest };
}

/**
 * Plans per pair of tables, kept as long as both tables live. Tables come from the bounded layout
 * cache (the logical side from a small one of its own), so this is bounded too: a plan is 12
 * bytes per move, and a copy has at most as many moves as its two tables have runs together.
 */
const cachedPlan = memoizeOnPair(buildPlan);

/**
 * The move plan that copies a buffer laid out by `fromRuns` into one laid out by `toRuns`
 * (same logical element count), or null unless both tables are contiguous (stride 1).
 */
export function movePlan(toRuns: PhysicalRuns, fromRuns: PhysicalRuns): MovePlan | null {
  if (toRuns.stride !== 1 || fromRuns.stride !== 1) return null;
  return cachedPlan(toRuns, fromRuns);
}
