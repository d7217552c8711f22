import { describeValue } from '@tilekit/errors';
import { LayoutValidationError } from '../errors.js';
import type { ShapeInput } from '../input.js';
import { compileLayout } from './compile.js';
import { logicalIndexAt, physicalOffset, scratchFor } from './index-walk.js';

// One scratch buffer for every scalar call: JS runs them one at a time, so sharing is safe.
let scratch: Float64Array = new Float64Array(16);

function checkIndex(index: readonly number[], dims: readonly number[]): void {
  if (!Array.isArray(index) || index.length !== dims.length) {
    throw new LayoutValidationError(
      'index',
      `expected ${dims.length} coordinates, got ${describeValue(index)}`,
    );
  }
  for (let axis = 0; axis < dims.length; axis++) {
    const coordinate = index[axis];
    if (!Number.isInteger(coordinate) || coordinate! < 0 || coordinate! >= dims[axis]!) {
      throw new LayoutValidationError(
        'index',
        `coordinate ${axis} is ${describeValue(coordinate)}, outside [0, ${dims[axis]}) of [${dims.join(',')}]`,
      );
    }
  }
}

/**
 * Physical element offset of a logical index (most major first), as XLA's
 * LayoutUtil::LinearIndexForNestedTiling computes it: physical order from minor_to_major,
 * then every tile in turn on the suffix of the current expanded shape, `*` combining a
 * dimension into the next more minor one first. Bounded dynamic dimensions use their bound.
 * @example linearIndex('f32[3,5]{1,0:T(2,2)}', [2, 3]) // 17, the seed document's Figure 1
 * @throws LayoutValidationError for an index out of bounds or an unbounded `?` dimension.
 */
export function linearIndex(shape: ShapeInput, index: readonly number[]): number {
  const compiled = compileLayout(shape);
  checkIndex(index, compiled.logicalDims);
  if (scratch.length < compiled.maxRank) scratch = scratchFor(compiled);
  return physicalOffset(compiled, index, scratch);
}

/**
 * Inverse of `linearIndex`: the logical index stored at physical `offset`, or `null` when
 * that slot is padding (a tile's overhang or the `L` tail).
 * @throws LayoutValidationError unless 0 <= offset < physicalElementCount(shape).
 */
export function delinearize(shape: ShapeInput, offset: number): number[] | null {
  const compiled = compileLayout(shape);
  if (!Number.isInteger(offset) || offset < 0 || offset >= compiled.physicalCount) {
    throw new LayoutValidationError(
      'offset',
      `${describeValue(offset)} is outside [0, ${compiled.physicalCount}), the physical element count`,
    );
  }
  return logicalIndexAt(compiled, offset);
}
