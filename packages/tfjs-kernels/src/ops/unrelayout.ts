/** The `unrelayout` op: a physical buffer under a tiled layout → the logical tensor. */
import { op, type Tensor, type TensorLike } from '@tensorflow/tfjs-core';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { KernelArgumentError } from '../errors.js';
import { TiledUnrelayout, type TiledUnrelayoutAttrs } from '../kernel-names.js';
import {
  type LayoutSpec,
  resolveLayoutSpec,
  type ShapeSpec,
  sameDims,
} from '../layout/layout-argument.js';
import { assertPhysicalBuffer } from './layout-op-checks.js';
import { runTilekitKernel } from './run-kernel.js';
import { toTensor } from './to-tensor.js';

/** `dims` checked to be a list of non-negative safe integers. */
function logicalDims(dims: unknown): number[] {
  if (
    !Array.isArray(dims) ||
    !dims.every((d) => typeof d === 'number' && Number.isSafeInteger(d) && d >= 0)
  ) {
    throw new KernelArgumentError(
      'unrelayout',
      'dims',
      `must be the logical tensor's dimensions, an array of non-negative integers such as [2048, 2048], got ${describeValue(dims)}`,
    );
  }
  return [...dims];
}

/**
 * The dimensions, layout and element type of the logical tensor: all from a whole shape, or a
 * bare layout with `dims` (the element type is then the buffer's own).
 */
function resolveLogical(shape: ShapeSpec | LayoutSpec, dims: unknown) {
  const resolved = resolveLayoutSpec('unrelayout', 'shape', shape);
  const given = dims === undefined ? null : logicalDims(dims);
  if (resolved.dims === null) {
    if (given === null) {
      throw new KernelArgumentError(
        'unrelayout',
        'dims',
        `is needed with a bare layout (${resolved.layout}): pass the logical dimensions, unrelayout(buffer, '${resolved.layout}', [rows, cols]), or a whole shape such as 'f32[3,5]${resolved.layout}'`,
      );
    }
    return { layout: resolved.layout, dims: given, elementType: null };
  }
  if (given !== null && !sameDims(given, resolved.dims)) {
    throw new KernelArgumentError(
      'unrelayout',
      'dims',
      `must equal the dimensions the shape names ([${resolved.dims}]), got [${given}]`,
    );
  }
  return { layout: resolved.layout, dims: resolved.dims, elementType: resolved.elementType };
}

/**
 * The inverse of `relayout`: reads the logical tensor out of a 1-D physical buffer laid out as
 * `shape`'s layout (padding slots are ignored).
 *
 * ```js
 * const x = tf.tensor2d([[1, 2, 3], [4, 5, 6]]);
 * unrelayout(relayout(x, '{0,1}'), 'f32[2,3]{0,1}').print(); // [[1, 2, 3], [4, 5, 6]]
 * unrelayout(relayout(x, '{0,1}'), '{0,1}', x.shape).print(); // the same
 * ```
 *
 * @param buffer 1-D tensor (float32, int32 or bool) of the physical element count of the
 *   logical tensor under the layout.
 * @param shape Whole shape text (`'f32[2048,2048]{1,0:T(8,128)}'`) or a parsed shape, whose
 *   element type must be the buffer's (`f32` float32, `s32` int32, `pred` bool); or a bare
 *   layout (`'{1,0:T(8,128)}'`, as `relayout` takes) together with `dims`.
 * @param dims The logical tensor's dimensions (as `relayout`'s input had them): needed with a
 *   bare layout, checked against a whole shape's. The result has the buffer's dtype.
 * @throws KernelArgumentError, LayoutSyntaxError, LayoutValidationError, KernelNotRegisteredError
 */
function unrelayout_(
  buffer: Tensor | TensorLike,
  shape: ShapeSpec | LayoutSpec,
  dims?: readonly number[],
): Tensor {
  const $buffer = toTensor(buffer, 'buffer', 'unrelayout');
  const logical = resolveLogical(shape, dims);
  assertPhysicalBuffer('unrelayout', 'buffer', $buffer, 'shape', logical);
  const attrs: TiledUnrelayoutAttrs = { shape: [...logical.dims], layout: logical.layout };
  return runTilekitKernel(TiledUnrelayout, { buffer: $buffer }, attrs);
}

export const unrelayout = op({ unrelayout_ });
