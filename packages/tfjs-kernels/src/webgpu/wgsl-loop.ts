/**
 * WGSL of this package's WebGPU passes: the element type a dtype is stored in (the grid-stride
 * loop over a pass's elements is `@tilekit/tfjs-backend-support`'s `wgslForEachElement`).
 */
import type { DataType } from '@tensorflow/tfjs-core';

/** The WGSL element type tfjs stores a dtype in (bool and int32 as i32). */
export function wgslType(dtype: DataType): 'f32' | 'i32' {
  return dtype === 'float32' ? 'f32' : 'i32';
}
