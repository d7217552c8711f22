/** A tensor's data seen with another shape, as both GPU backends' passes take their views. */
import type { TensorInfo } from '@tensorflow/tfjs-core';
import { expectShape, expectTensorInfo } from './pass-arguments.js';

/** {@link withShape} without its argument checks (for `./webgl-passes/unchecked`). */
export function viewWithShape(info: TensorInfo, shape: readonly number[]): TensorInfo {
  return { dataId: info.dataId, shape: [...shape], dtype: info.dtype };
}

/**
 * `info` seen with another shape of the same size: no copy (WebGPU buffers are flat, and an
 * unpacked WebGL texture reshapes for free).
 */
export function withShape(info: TensorInfo, shape: readonly number[]): TensorInfo {
  expectTensorInfo(info, 'withShape', 'info');
  expectShape(shape, 'withShape', 'shape');
  return viewWithShape(info, shape);
}
