/** The `relayout` op: a logical tensor → its physical buffer under a tiled layout. */
import { op, type Tensor, type Tensor1D, type TensorLike } from '@tensorflow/tfjs-core';
import { TiledRelayout, type TiledRelayoutAttrs } from '../kernel-names.js';
import { type LayoutSpec, resolveLayoutFor } from '../layout/layout-argument.js';
import { LAYOUT_DTYPES, physicalOutputSize, resolvePadValue } from './layout-op-checks.js';
import { optionsObject } from './options-object.js';
import { runTilekitKernel } from './run-kernel.js';
import { assertDtype, toTensor } from './to-tensor.js';

/** Options of `relayout`. */
export interface RelayoutOptions {
  /** Value of the padding slots (default 0). */
  readonly padValue?: number;
}

/**
 * Lays `x` out in memory as `layout` says: returns the 1-D physical buffer
 * (`physicalElementCount` elements) with each element at its physical offset and `padValue` in
 * the padding slots of partial tiles (and of an `L(n)` tail).
 *
 * ```js
 * const x = tf.tensor2d([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]);
 * relayout(x, '{1,0:T(2,2)}').print();
 * // [1, 2, 6, 7, 3, 4, 8, 9, 5, 0, 10, 0, 11, 12, 0, 0, 13, 14, 0, 0, 15, 0, 0, 0]
 * ```
 *
 * @param x Tensor of dtype float32, int32 or bool.
 * @param layout Layout text (`'{1,0:T(8,128)(2,1)}'`) ordering `x.rank` dimensions, a whole
 *   shape text whose dimensions equal `x.shape` (its element type is not used), or a parsed
 *   `Layout`/shape.
 * @returns Always 1-D.
 * @throws KernelArgumentError, LayoutSyntaxError, LayoutValidationError, KernelNotRegisteredError
 */
function relayout_(
  x: Tensor | TensorLike,
  layout: LayoutSpec,
  options?: RelayoutOptions,
): Tensor1D {
  const opts = optionsObject('relayout', options, ['padValue'], null);
  const $x = toTensor(x, 'x', 'relayout');
  assertDtype('relayout', 'x', $x, LAYOUT_DTYPES);
  const attrs: TiledRelayoutAttrs = {
    layout: resolveLayoutFor('relayout', 'layout', layout, $x.shape),
    padValue: resolvePadValue('relayout', opts.padValue ?? 0, $x.dtype),
  };
  // Validates the layout's tiling against x's shape, and the output size, before any kernel runs.
  physicalOutputSize('relayout', 'layout', $x.dtype, $x.shape, attrs.layout);
  return runTilekitKernel(TiledRelayout, { x: $x }, attrs) as Tensor1D;
}

export const relayout = op({ relayout_ });
