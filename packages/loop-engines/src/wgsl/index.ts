/** The wgsl engine: scalar loop IR as WebGPU compute passes over its outermost parallel loops. */
export {
  compileWgsl,
  OUTPUT_BUFFER,
  WGSL_WORKGROUP_SIZE,
  type WgslOptions,
  type WgslPass,
  type WgslProgram,
  type WgslUniform,
} from './wgsl-engine.js';
