/**
 * Checks shared by `relayout`, `unrelayout` and `convertLayout`: supported dtypes, the pad
 * value, and that a physical buffer has the length its layout implies.
 */
import type { DataType, Tensor } from '@tensorflow/tfjs-core';
import { INT32_MAX } from '@tilekit/errors';
import { physicalElementCount } from '@tilekit/layout';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { KernelArgumentError } from '../errors.js';
import { assertElementTypeOf } from '../layout/layout-argument.js';
import { shapeText } from '../layout/shape-text.js';
import { LruCache } from '../util/lru.js';
import { assertOutputSize } from './output-size.js';
import { assertDtype } from './to-tensor.js';

/** Dtypes the relayout family moves. */
export const LAYOUT_DTYPES: readonly DataType[] = ['float32', 'int32', 'bool'];

const INT32_MIN = -(2 ** 31);

// Counting parses the shape text again; the count is a pure function of it, and the ops check it
// on every call with the same few shapes (see ../layout/layout-argument.ts on host time).
const physicalCounts = new LruCache<number>(
  { maxEntries: 256, maxWeight: Number.POSITIVE_INFINITY },
  () => 1,
);

/** `physicalElementCount` of the shape text `shape`, remembered by the text. */
function physicalCountOf(shape: string): number {
  return physicalCounts.getOrCompute(shape, () => physicalElementCount(shape));
}

/**
 * Checks that `padValue` is storable in `dtype` without change and returns it.
 *
 * @throws KernelArgumentError for a non-integer or out-of-range int32 pad, or a bool pad other
 *   than 0/1.
 */
export function resolvePadValue(op: string, padValue: number, dtype: DataType): number {
  const fits =
    typeof padValue === 'number' &&
    (dtype === 'float32' ||
      (dtype === 'int32' &&
        Number.isInteger(padValue) &&
        padValue >= INT32_MIN &&
        padValue <= INT32_MAX) ||
      (dtype === 'bool' && (padValue === 0 || padValue === 1)));
  if (!fits) {
    throw new KernelArgumentError(
      op,
      'padValue',
      `must be storable in ${dtype} (${dtype === 'bool' ? '0 or 1' : dtype === 'int32' ? 'an int32 integer' : 'a number'}), got ${describeValue(padValue)}`,
    );
  }
  return padValue;
}

/**
 * The physical element count of a tensor of `dtype` and `dims` under `layout`, checked to be an
 * allocatable output (tail padding such as `L(n)` can make it far larger than the tensor).
 *
 * @param argument The layout argument, for errors.
 * @throws KernelArgumentError, LayoutValidationError
 */
export function physicalOutputSize(
  op: string,
  argument: string,
  dtype: DataType,
  dims: readonly number[],
  layout: string,
): number {
  const count = physicalCountOf(shapeText(dtype, dims, layout));
  assertOutputSize(op, argument, count, `laying [${dims}] out as ${layout}`);
  return count;
}

/**
 * Checks that `buffer` is a 1-D tensor of a layout dtype holding exactly the physical element
 * count of `dims` under `layout`, and that the element type written with the shape (null when
 * none was written) is the buffer's.
 *
 * @param shapeArgument The shape argument that named `dims`, `layout` and `elementType`.
 * @throws KernelArgumentError
 */
export function assertPhysicalBuffer(
  op: string,
  argument: string,
  buffer: Tensor,
  shapeArgument: string,
  {
    dims,
    layout,
    elementType,
  }: { dims: readonly number[]; layout: string; elementType: string | null },
): void {
  assertDtype(op, argument, buffer, LAYOUT_DTYPES);
  assertElementTypeOf(op, shapeArgument, elementType, buffer.dtype);
  const shape = shapeText(buffer.dtype, dims, layout);
  const expected = physicalCountOf(shape);
  if (buffer.rank !== 1 || buffer.size !== expected) {
    throw new KernelArgumentError(
      op,
      argument,
      `must be a 1-D buffer of ${expected} elements (the physical element count of ${shape}), got shape [${buffer.shape}]`,
    );
  }
}
