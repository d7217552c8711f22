/**
 * WGSL of this package's WebGPU passes: the element type a dtype is stored in, and the
 * grid-stride loop over a pass's elements that matches the capped dispatch of
 * `@tilekit/tfjs-backend-support`'s `FlatProgram`.
 */
import type { DataType } from '@tensorflow/tfjs-core';
import { WEBGPU_WORKGROUP_SIZE } from '@tilekit/tfjs-backend-support/webgpu-passes';

/** The WGSL element type tfjs stores a dtype in (bool and int32 as i32). */
export function wgslType(dtype: DataType): 'f32' | 'i32' {
  return dtype === 'float32' ? 'f32' : 'i32';
}

/**
 * WGSL of tfjs's `main(index)` entry (tfjs calls it with the global invocation index) running
 * `body` once for every `p < count`, grid-stride, so any size fits one capped dispatch.
 */
export function forEachElement(count: string, body: string): string {
  return `
    fn main(index : i32) {
      let threads = i32(numWorkgroups.x) * ${WEBGPU_WORKGROUP_SIZE};
      for (var p = index; p < ${count}; p = p + threads) {
        ${body}
      }
    }`;
}
