/** The `convertLayout` op: a physical buffer in one layout → the same data in another. */
import { op, type Tensor, type Tensor1D, type TensorLike } from '@tensorflow/tfjs-core';
import { TiledConvertLayout, type TiledConvertLayoutAttrs } from '../kernel-names.js';
import {
  type LayoutSpec,
  resolveLayoutFor,
  resolveShapeSpec,
  type ShapeSpec,
} from '../layout/layout-argument.js';
import { assertPhysicalBuffer, physicalOutputSize, resolvePadValue } from './layout-op-checks.js';
import { optionsObject } from './options-object.js';
import { runTilekitKernel } from './run-kernel.js';
import { toTensor } from './to-tensor.js';

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
 * @param from Whole shape text or parsed shape: the logical dimensions and `buffer`'s layout; its
 *   element type must be `buffer`'s (`f32` float32, `s32` int32, `pred` bool).
 * @param to The target layout: layout text, a whole shape with the same dimensions, or parsed.
 * @returns Always 1-D.
 * @throws KernelArgumentError, LayoutSyntaxError, LayoutValidationError, KernelNotRegisteredError
 */
function convertLayout_(
  buffer: Tensor | TensorLike,
  from: ShapeSpec,
  to: LayoutSpec,
  options?: ConvertLayoutOptions,
): Tensor1D {
  const opts = optionsObject('convertLayout', options, ['padValue'], null);
  const $buffer = toTensor(buffer, 'buffer', 'convertLayout');
  const source = resolveShapeSpec('convertLayout', 'from', from);
  assertPhysicalBuffer('convertLayout', 'buffer', $buffer, 'from', source);
  const attrs: TiledConvertLayoutAttrs = {
    shape: [...source.dims],
    from: source.layout,
    to: resolveLayoutFor('convertLayout', 'to', to, source.dims),
    padValue: resolvePadValue('convertLayout', opts.padValue ?? 0, $buffer.dtype),
  };
  physicalOutputSize('convertLayout', 'to', $buffer.dtype, source.dims, attrs.to);
  return runTilekitKernel(TiledConvertLayout, { buffer: $buffer }, attrs) as Tensor1D;
}

export const convertLayout = op({ convertLayout_ });
