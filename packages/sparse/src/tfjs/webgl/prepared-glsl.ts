/**
 * A kernel's WebGL passes as plain data, prepared ahead of time with its wasm image
 * (scripts/prepare-kernels.ts writes them): each pass's code, bindings and uniforms, in the
 * one-element-per-fragment form and the four-element (`quads`) form. The webgl kernel computes
 * every uniform from the call's arguments itself, so the data is the glsl engine's passes less
 * their loops.
 */
import type { GlslPass, GlslProgram } from '@tilekit/loop-engines';

/** What the webgl kernel runs of a pass. */
export type GlslPassRun = Pick<GlslPass, 'code' | 'inputs' | 'quadInputs' | 'uniforms'>;

/** What the webgl kernel runs: passes, or the reason there are none (plain data). */
export type GlslProgramRun =
  | { readonly parallel: true; readonly passes: readonly GlslPassRun[] }
  | { readonly parallel: false; readonly reason: string };

/** A kernel's passes in both forms. */
export interface GlslProgramsData {
  readonly narrow: GlslProgramRun;
  readonly quads: GlslProgramRun;
}

/** An op's prepared passes (a generated module's data): each kernel's, by its key. */
export type GlslPassesData = readonly (readonly [string, GlslProgramsData])[];

/** `program` as data. */
export function glslProgramData(program: GlslProgram): GlslProgramRun {
  if (!program.parallel) return { parallel: false, reason: program.reason };
  return {
    parallel: true,
    passes: program.passes.map(({ code, inputs, quadInputs, uniforms }) => ({
      code,
      inputs,
      quadInputs,
      uniforms,
    })),
  };
}
