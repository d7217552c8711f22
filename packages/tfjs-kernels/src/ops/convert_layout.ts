/** The `convertLayout` op: a physical buffer in one layout → the same data in another. */
import { op, type Tensor, type TensorLike } from '@tensorflow/tfjs-core';
import { physicalElementCount } from '@tilekit/layout';
import { TiledConvertLayout, type TiledConvertLayoutAttrs } from '../kernel_names.js';
import {
  type LayoutSpec,
  resolveLayoutFor,
  resolveShapeSpec,
  type ShapeSpec,
} from '../layout/layout_argument.js';
import { shapeText } from '../layout/layout_cache.js';
import { assertPhysicalBuffer, resolvePadValue } from './layout_op_checks.js';
import { runTilekitKernel } from './run_kernel.js';
import { toTensor } from './to_tensor.js';

/** Options of `convertLayout`. */
export interface ConvertLayoutOptions {
  /** Value of the output's padding slots (default 0). */
  readonly padValue?: number;
}

/**
 * Re-lays a physical buffer out: returns the buffer in layout `to` holding the logical tensor
 * that `buffer` holds in layout `from`, in one pass (equal to
 * `relayout(unrelayout(buffer, from), to)` without materialising the logical tensor).
 *
 * @param buffer 1-D tensor (float32, int32 or bool) of `physicalElementCount(from)` elements.
 * @param from Whole shape text or parsed shape: the logical dimensions and `buffer`'s layout.
 * @param to The target layout: layout text, a whole shape with the same dimensions, or parsed.
 * @throws KernelArgumentError, LayoutSyntaxError, LayoutValidationError
 */
function convertLayout_(
  buffer: Tensor | TensorLike,
  from: ShapeSpec,
  to: LayoutSpec,
  options: ConvertLayoutOptions = {},
) {
  const $buffer = toTensor(buffer, 'buffer', 'convertLayout');
  const { dims, layout: fromLayout } = resolveShapeSpec('convertLayout', 'from', from);
  assertPhysicalBuffer('convertLayout', 'buffer', $buffer, dims, fromLayout);
  const attrs: TiledConvertLayoutAttrs = {
    shape: [...dims],
    from: fromLayout,
    to: resolveLayoutFor('convertLayout', 'to', to, dims),
    padValue: resolvePadValue('convertLayout', options.padValue ?? 0, $buffer.dtype),
  };
  physicalElementCount(shapeText($buffer.dtype, dims, attrs.to));
  return runTilekitKernel(TiledConvertLayout, { buffer: $buffer }, attrs);
}

export const convertLayout = op({ convertLayout_ });
