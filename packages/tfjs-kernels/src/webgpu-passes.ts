/**
 * `@tilekit/tfjs-kernels/webgpu-passes`: the WebGPU pass shape and helpers this package's
 * kernels use, for other packages' WebGPU kernels (`FlatProgram`, running it on 1-D views, the
 * CPU-route rule). Registers nothing. Its declarations name `@tensorflow/tfjs-backend-webgpu`'s
 * types, so they live in this entry and not in the main one: an app without that optional peer
 * type-checks against the main entry with `skipLibCheck: false`.
 */
export { cpuRouteReason as webgpuCpuRouteReason } from './webgpu/cpu-route.js';
export {
  FlatProgram,
  WORKGROUP_SIZE as WEBGPU_WORKGROUP_SIZE,
} from './webgpu/flat-program.js';
export { runFlat, type UniformValue, withShape } from './webgpu/residency.js';
