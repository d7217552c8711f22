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

/**
 * Builds the tables with one scalar offset computation per table entry (Σ over groups of the
 * group's element count: Σ dims without `*`), reusing a single scratch buffer.
 */
export function buildAxisTables(compiled: CompiledLayout): AxisTables {
  const dims = compiled.logicalDims;
  const rank = dims.length;
  const groupOfAxis = new Int32Array(rank);
  const weightOfAxis = new Int32Array(rank);
  const index = new Float64Array(rank);
  const coords = scratchFor(compiled);
  const tables = compiled.axisGroups.map((axes, group) => {
    let size = 1;
    for (let i = axes.length - 1; i >= 0; i--) {
      const axis = axes[i]!;
      groupOfAxis[axis] = group;
      weightOfAxis[axis] = size;
      size *= dims[axis]!;
    }
    const table = new Int32Array(size);
    index.fill(0);
    // Odometer over the group's axes in row-major order; other axes stay 0.
    for (let position = 0; position < size; position++) {
      table[position] = physicalOffset(compiled, index, coords);
      for (let i = axes.length - 1; i >= 0; i--) {
        const axis = axes[i]!;
        if (++index[axis]! < dims[axis]!) break;
        index[axis] = 0;
      }
    }
    return table;
  });
  return { groupOfAxis, weightOfAxis, tables };
}
