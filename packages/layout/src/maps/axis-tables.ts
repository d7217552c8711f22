import type { CompiledLayout } from '../tiling/compile.js';
import { physicalOffset, scratchFor } from '../tiling/index-walk.js';

/**
 * The physical offset as a sum of independent terms, one per group of logical axes.
 *
 * Every expanded coordinate is built from the coordinates of one group only (tiling splits a
 * coordinate, `*` merges groups), and the offset is a row-major sum of expanded coordinates,
 * so `offset(x) = Σ_g table_g[lin_g(x)]` where `lin_g` is the row-major position of `x`'s
 * coordinates within group g. Without `*` every group is a single axis and `table_a[i]` is
 * simply the offset of the index with `i` on axis a and 0 elsewhere.
 */
export interface AxisTables {
  /** Group of each logical axis. */
  readonly groupOfAxis: Int32Array;
  /** Stride of each logical axis inside its group's row-major numbering. */
  readonly weightOfAxis: Int32Array;
  /** One offset table per group, indexed by the group-local row-major position. */
  readonly tables: readonly Int32Array[];
}

const gcd = (a: number, b: number): number => {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
};

/** Past this a period is useless for a table anyway (Int32Array maps stop at 2^31). */
const PERIOD_CAP = 2 ** 31;

/**
 * For each logical axis, a period P such that moving that axis by P moves the offset by a
 * constant, whatever the other coordinates are (Infinity when none small enough is known).
 *
 * Follow a shift of δ = P on the axis through the levels: a merge where the axis's coordinate is
 * the major side multiplies δ by the minor size, a tile dividing that coordinate by t leaves the
 * within-tile part unchanged and shifts the tile count by δ/t, and everything else passes it
 * through. As long as every such division is exact, the final coordinates move by constants and
 * so does their row-major offset. P is therefore the smallest value making all those divisions
 * exact: the lcm of the denominators of δ/P along the way.
 *
 * This is what keeps a group joined by `*` (a later tile merging two axes' coordinates) cheap:
 * its table repeats with these periods, so only one period per axis needs real index walks.
 */
export function axisPeriods(compiled: CompiledLayout): number[] {
  const periods = new Array<number>(compiled.logicalDims.length);
  compiled.physicalAxes.forEach((axis, physical) => {
    let position = physical;
    let numerator = 1;
    let denominator = 1;
    let period = 1;
    for (const level of compiled.levels) {
      position += level.prepend;
      for (const { at, minorSize } of level.merges) {
        if (position === at) numerator *= minorSize;
        else if (position > at) position--;
      }
      const first = level.combinedDims.length - level.tile.length;
      if (position >= first) {
        denominator *= level.tile[position - first]!;
        const common = gcd(numerator, denominator);
        numerator /= common;
        denominator /= common;
        period = (period / gcd(period, denominator)) * denominator;
      }
      if (period >= PERIOD_CAP || numerator >= PERIOD_CAP || denominator >= PERIOD_CAP) {
        period = Number.POSITIVE_INFINITY;
        break;
      }
    }
    periods[axis] = period;
  });
  return periods;
}

/**
 * Builds the tables. Entries whose coordinates all lie within one period take a scalar offset
 * computation; every other entry is the entry one period back plus that axis's constant step,
 * so a group joined by `*` costs one load and one add per entry rather than an index walk.
 */
export function buildAxisTables(compiled: CompiledLayout): AxisTables {
  const dims = compiled.logicalDims;
  const rank = dims.length;
  const groupOfAxis = new Int32Array(rank);
  const weightOfAxis = new Int32Array(rank);
  const index = new Float64Array(rank);
  const coords = scratchFor(compiled);
  const periods = axisPeriods(compiled);
  // Offset step of one period on each axis (the offset of all-zero coordinates is 0).
  const steps = periods.map((period, axis) => {
    if (period >= dims[axis]!) return 0;
    index.fill(0);
    index[axis] = period;
    return physicalOffset(compiled, index, coords);
  });
  const tables = compiled.axisGroups.map((axes, group) => {
    let size = 1;
    for (let i = axes.length - 1; i >= 0; i--) {
      const axis = axes[i]!;
      groupOfAxis[axis] = group;
      weightOfAxis[axis] = size;
      size *= dims[axis]!;
    }
    const table = new Int32Array(size);
    // Row by row over the group's innermost axis (weight 1), the outer group axes on an odometer.
    const inner = axes[axes.length - 1]!;
    const rowLength = dims[inner]!;
    const innerPeriod = Math.min(periods[inner]!, rowLength);
    const innerStep = steps[inner]!;
    index.fill(0);
    for (let rowStart = 0; rowStart < size; rowStart += rowLength) {
      let repeated = -1;
      for (let i = 0; i < axes.length - 1 && repeated < 0; i++) {
        if (index[axes[i]!]! >= periods[axes[i]!]!) repeated = axes[i]!;
      }
      if (repeated >= 0) {
        // The whole row is the row one period back on `repeated`, moved by that axis's step.
        const from = rowStart - periods[repeated]! * weightOfAxis[repeated]!;
        const step = steps[repeated]!;
        for (let t = 0; t < rowLength; t++) table[rowStart + t] = table[from + t]! + step;
      } else {
        for (let t = 0; t < innerPeriod; t++) {
          index[inner] = t;
          table[rowStart + t] = physicalOffset(compiled, index, coords);
        }
        for (let t = innerPeriod; t < rowLength; t++) {
          table[rowStart + t] = table[rowStart + t - innerPeriod]! + innerStep;
        }
        index[inner] = 0;
      }
      for (let i = axes.length - 2; i >= 0; i--) {
        const axis = axes[i]!;
        if (++index[axis]! < dims[axis]!) break;
        index[axis] = 0;
      }
    }
    return table;
  });
  return { groupOfAxis, weightOfAxis, tables };
}
