/**
 * `compileWgsl`: scalar loop IR -> WebGPU compute passes, one per top-level parallel loop (see
 * ../shader/parallel-loops.ts), each a `main(index)` function in the shape tfjs-backend-webgpu's
 * programs take: input memrefs as read-only storage buffers named `m<arg>`, the written memref
 * as the program's output `result`, scalar arguments and memref extents as uniforms. Sizes never
 * enter the code, so one compiled pipeline serves every shape. A function that cannot run this
 * way gets `{parallel: false, reason}` and its caller runs the host loops.
 */
import type { Module } from '@tilekit/loop-ir';
import {
  compilePasses,
  type ShaderOptions,
  type ShaderPass,
  type ShaderProgram,
} from '../shader/compile-passes.js';
import { WgslPassCodegen } from './wgsl-codegen.js';

export type { ShaderUniform as WgslUniform } from '../shader/pass-codegen.js';
export { OUTPUT_BUFFER, WGSL_WORKGROUP_SIZE } from './wgsl-codegen.js';
export type WgslOptions = ShaderOptions;
export type WgslPass = ShaderPass;
export type WgslProgram = ShaderProgram;

/**
 * Compiles `func.func @fnName` of a verified module into WebGPU passes, or says why its loops
 * cannot run in parallel.
 *
 * @throws IRVerifyError for malformed IR; EngineArgumentError for a missing function.
 */
export function compileWgsl(
  module: Module,
  fnName: string,
  options: WgslOptions = {},
): WgslProgram {
  return compilePasses(
    module,
    fnName,
    options,
    (func, loop, output, prelude, plan) => new WgslPassCodegen(func, loop, output, prelude, plan),
    { absorbFills: true },
  );
}
