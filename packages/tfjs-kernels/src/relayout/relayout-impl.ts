/**
 * Backend-free loops of the relayout family: logical tensor → physical buffer under a tiled
 * layout, back, and buffer → buffer between two layouts. Inputs are never modified; each call
 * allocates exactly its output.
 */

import { uninitializedLike, zerosLike } from '../impl/output-arrays.js';
import type { LayoutValues } from './layout-values.js';
import type { PhysicalRuns } from './physical-runs.js';
import { convertRuns, identityRuns } from './run-copy.js';

export type { LayoutValues } from './layout-values.js';

/**
 * A new physical buffer for `runs` whose padding slots hold `padValue` and whose other slots are
 * left for the copy to fill. Without padding the copy writes every slot, so nothing is zeroed
 * first; with a +0 pad a zeroed buffer already holds it (Object.is: a -0 pad must be written).
 */
function physicalBuffer<T extends LayoutValues>(like: T, runs: PhysicalRuns, padValue: number): T {
  if (runs.physicalCount === runs.logicalCount) return uninitializedLike(like, runs.physicalCount);
  if (Object.is(padValue, 0)) return zerosLike(like, runs.physicalCount);
  return uninitializedLike(like, runs.physicalCount).fill(padValue) as T;
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
  const physical = physicalBuffer(values, runs, padValue);
  convertRuns(physical, runs, values, identityRuns(runs.logicalCount));
  return physical;
}

/** The logical values (row-major, `runs.logicalCount` elements) stored in `buffer`. */
export function unrelayoutImpl<T extends LayoutValues>(buffer: T, runs: PhysicalRuns): T {
  // Every logical element is copied, so the output needs no zero fill first.
  const logical = uninitializedLike(buffer, runs.logicalCount);
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
  const converted = physicalBuffer(buffer, toRuns, padValue);
  convertRuns(converted, toRuns, buffer, fromRuns);
  return converted;
}
