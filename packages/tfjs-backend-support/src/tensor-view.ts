/** A tensor's data seen with another shape, as both GPU backends' passes take their views. */
import type { TensorInfo } from '@tensorflow/tfjs-core';
import { expectShape, expectTensorInfo } from './pass-arguments.js';

/**
 * `info` seen with another shape of the same size: no copy (WebGPU buffers are flat, and an
 * unpacked WebGL texture reshapes for free).
 */
export function withShape(info: TensorInfo, shape: readonly number[]): TensorInfo {
  expectTensorInfo(info, 'withShape', 'info');
  expectShape(shape, 'withShape', 'shape');
  return { dataId: info.dataId, shape: [...shape], dtype: info.dtype };
}
