/**
 * Backend-free loops of the relayout family: logical tensor → physical buffer under a tiled
 * layout, back, and buffer → buffer between two layouts. Inputs are never modified; each call
 * allocates exactly its output.
 */
import type { PhysicalRuns } from '../layout/physical_runs.js';
import { allocateLike, convertRuns, identityRuns, type LayoutValues } from './run_copy.js';

export type { LayoutValues } from './run_copy.js';

/** A new physical buffer whose padding slots hold `padValue` (zero needs no fill). */
function paddedBuffer<T extends LayoutValues>(like: T, runs: PhysicalRuns, padValue: number): T {
  const buffer = allocateLike(like, runs.physicalCount);
  // Object.is: a -0 pad must be written (a fresh buffer holds +0).
  if (!Object.is(padValue, 0) && runs.physicalCount > runs.logicalCount) buffer.fill(padValue);
  return buffer;
}

/**
 * The physical buffer (`runs.physicalCount` elements) holding `values` (row-major logical
 * order) at the offsets `runs` describes; padding slots hold `padValue`.
 */
export function relayoutImpl<T extends LayoutValues>(
  values: T,
  runs: PhysicalRuns,
  padValue: number,
): T {
  const physical = paddedBuffer(values, runs, padValue);
  convertRuns(physical, runs, values, identityRuns(runs.logicalCount));
  return physical;
}

/** The logical values (row-major, `runs.logicalCount` elements) stored in `buffer`. */
export function unrelayoutImpl<T extends LayoutValues>(buffer: T, runs: PhysicalRuns): T {
  const logical = allocateLike(buffer, runs.logicalCount);
  convertRuns(logical, identityRuns(runs.logicalCount), buffer, runs);
  return logical;
}

/**
 * The buffer in the layout of `toRuns` holding what `buffer` holds in the layout of
 * `fromRuns` (same logical shape), in one pass; padding slots hold `padValue`.
 */
export function convertLayoutImpl<T extends LayoutValues>(
  buffer: T,
  fromRuns: PhysicalRuns,
  toRuns: PhysicalRuns,
  padValue: number,
): T {
  const converted = paddedBuffer(buffer, toRuns, padValue);
  convertRuns(converted, toRuns, buffer, fromRuns);
  return converted;
}
