/** The `unrelayout` op: a physical buffer under a tiled layout → the logical tensor. */
import { op, type Tensor, type TensorLike } from '@tensorflow/tfjs-core';
import { TiledUnrelayout, type TiledUnrelayoutAttrs } from '../kernel-names.js';
import { resolveShapeSpec, type ShapeSpec } from '../layout/layout-argument.js';
import { assertPhysicalBuffer } from './layout-op-checks.js';
import { runTilekitKernel } from './run-kernel.js';
import { toTensor } from './to-tensor.js';

/**
 * The inverse of `relayout`: reads the logical tensor of `shape`'s dimensions out of a 1-D
 * physical buffer laid out as `shape`'s layout (padding slots are ignored).
 *
 * ```js
 * const x = tf.tensor2d([[1, 2, 3], [4, 5, 6]]);
 * unrelayout(relayout(x, '{0,1}'), 'f32[2,3]{0,1}').print(); // [[1, 2, 3], [4, 5, 6]]
 * ```
 *
 * @param buffer 1-D tensor (float32, int32 or bool) of `physicalElementCount(shape)` elements.
 * @param shape Whole shape text (`'f32[2048,2048]{1,0:T(8,128)}'`) or a parsed shape; its
 *   element type must be the buffer's (`f32` float32, `s32` int32, `pred` bool): the result has
 *   the buffer's dtype.
 * @throws KernelArgumentError, LayoutSyntaxError, LayoutValidationError, KernelNotRegisteredError
 */
function unrelayout_(buffer: Tensor | TensorLike, shape: ShapeSpec): Tensor {
  const $buffer = toTensor(buffer, 'buffer', 'unrelayout');
  const resolved = resolveShapeSpec('unrelayout', 'shape', shape);
  assertPhysicalBuffer('unrelayout', 'buffer', $buffer, 'shape', resolved);
  const attrs: TiledUnrelayoutAttrs = { shape: [...resolved.dims], layout: resolved.layout };
  return runTilekitKernel(TiledUnrelayout, { buffer: $buffer }, attrs);
}

export const unrelayout = op({ unrelayout_ });
