/**
 * `compileGlsl`: scalar loop IR -> WebGL fragment passes (one output element per fragment, or
 * four with `quads`), one per top-level parallel loop, in the shape tfjs-backend-webgl's
 * programs take: inputs `m<arg>` (flat textures), the previous pass's output as input `prev` (passes after the
 * first), extents and scalars as custom uniforms. See glsl-codegen.ts for when it is exact; a
 * function it cannot express gets `{parallel: false, reason}`.
 */
import type { Module } from '@tilekit/loop-ir';
import {
  compilePasses,
  type ShaderOptions,
  type ShaderPass,
  type ShaderProgram,
} from '../shader/compile-passes.js';
import { GlslPassCodegen } from './glsl-codegen.js';

export { PREVIOUS_OUTPUT } from './glsl-codegen.js';
export { QUAD_ELEMENTS, QUAD_PASSES, type QuadPass } from './quad-passes.js';

/** Options of the glsl engine. */
export interface GlslOptions extends ShaderOptions {
  /**
   * Every pass writes four consecutive output elements per fragment, as one RGBA texel of a
   * packed output (texel `t` holds elements 4t to 4t + 3), running the code around the loop
   * over the output's last dimension once for all four. The caller must give the output a
   * last extent that is a multiple of 4. Functions whose passes cannot are `{parallel: false}`.
   */
  readonly quads?: boolean;
}
export type GlslPass = ShaderPass;
export type GlslProgram = ShaderProgram;

/**
 * Compiles `func.func @fnName` of a verified module into WebGL passes, or says why it cannot.
 *
 * @throws IRVerifyError for malformed IR; EngineArgumentError for a missing function.
 */
export function compileGlsl(
  module: Module,
  fnName: string,
  options: GlslOptions = {},
): GlslProgram {
  let passes = 0;
  return compilePasses(module, fnName, options, (func, loop, output, prelude) => {
    const cg = new GlslPassCodegen(func, loop, output, prelude);
    if (options.quads === true) cg.writesQuads();
    return passes++ > 0 ? cg.readsPrevious() : cg;
  });
}
