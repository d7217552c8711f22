/**
 * `@tilekit/tfjs-kernels/webgpu-passes`: moved to `@tilekit/tfjs-backend-support/webgpu-passes`;
 * kept until `@tilekit/sparse` imports it from there.
 */
export {
  FlatProgram,
  runFlat,
  type UniformValue,
  WEBGPU_WORKGROUP_SIZE,
  webgpuCpuRouteReason,
  withShape,
} from '@tilekit/tfjs-backend-support/webgpu-passes';
