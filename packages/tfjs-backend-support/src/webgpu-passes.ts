/**
 * `@tilekit/tfjs-backend-support/webgpu-passes`: the WebGPU pass shape of tilekit's kernels
 * (`FlatProgram`, its dispatch and WGSL loop, running it on 1-D views, the CPU-route rule). Registers nothing.
 * Its declarations name `@tensorflow/tfjs-backend-webgpu`'s types, so they live in this entry
 * and not in the main one: an app without that optional peer type-checks against the main entry
 * with `skipLibCheck: false`.
 */

export { withShape } from './tensor-view.js';
export { cpuRouteReason as webgpuCpuRouteReason } from './webgpu/cpu-route.js';
export {
  dispatchWorkgroups as webgpuDispatchWorkgroups,
  FlatProgram,
  WORKGROUP_SIZE as WEBGPU_WORKGROUP_SIZE,
  wgslForEachElement,
} from './webgpu/flat-program.js';
export { runFlat, type UniformValue } from './webgpu/residency.js';
