/**
 * The shader engines applied to compiled kernels (their loops), for kernels that come without
 * prepared passes: only the compiler route installs these (see shader-compilers.ts), so the GPU
 * register entries leave the engines and this module out.
 */
import { compileGlsl, compileWgsl } from '@tilekit/loop-engines';
import type { Module } from '@tilekit/loop-ir';
import { isUnique, type LevelType } from '../sparse-tensor/format.js';
import type { CompiledSparseKernel } from './compiled-kernel.js';
import type { ShaderCompilers } from './shader-compilers.js';

/** Arguments holding the coordinates of a unique root level: distinct entries. */
function distinctCoordinateArrays(compiled: CompiledSparseKernel): Set<number> {
  const distinct = new Set<number>();
  compiled.kernel.parameters.forEach((p, k) => {
    const level = p.kind === 'coordinates' ? compiled.formats[p.tensor]?.levels[0] : undefined;
    if (p.kind === 'coordinates' && p.level === 0 && level !== undefined && isUnique(level))
      distinct.add(k);
  });
  return distinct;
}

/**
 * Arguments holding the coordinates of a unique level below the root: distinct within each
 * segment (a row's entries).
 */
export function segmentDistinctCoordinateArrays(
  parameters: CompiledSparseKernel['kernel']['parameters'],
  formats: Readonly<Record<string, { readonly levels: readonly LevelType[] } | undefined>>,
): Set<number> {
  const distinct = new Set<number>();
  parameters.forEach((p, k) => {
    const level = p.kind === 'coordinates' ? formats[p.tensor]?.levels[p.level] : undefined;
    if (p.kind === 'coordinates' && p.level > 0 && level !== undefined && isUnique(level))
      distinct.add(k);
  });
  return distinct;
}

/**
 * A shader engine's compiler (`compileWgsl`, `compileGlsl`) applied to compiled kernels, once
 * per kernel. The engine learns which coordinate arrays hold distinct entries, so a loop over a
 * unique root level counts as writing disjoint outputs (and, for WGSL, a row's entries of a
 * unique level may be shared by a group of invocations).
 */
export function shaderProgramOf<P>(
  compile: (
    module: Module,
    fnName: string,
    options: { distinctArrays: Set<number>; segmentDistinctArrays: Set<number> },
  ) => P,
): (compiled: CompiledSparseKernel) => P {
  const programs = new WeakMap<CompiledSparseKernel, P>();
  return (compiled) => {
    let program = programs.get(compiled);
    if (program === undefined) {
      program = compile(compiled.kernel.module, compiled.kernel.functionName, {
        distinctArrays: distinctCoordinateArrays(compiled),
        segmentDistinctArrays: segmentDistinctCoordinateArrays(
          compiled.kernel.parameters,
          compiled.formats,
        ),
      });
      programs.set(compiled, program);
    }
    return program;
  };
}

/** Each shader engine's programs of compiled kernels (the compiler route installs them). */
export const SHADER_PROGRAMS: ShaderCompilers = {
  wgsl: shaderProgramOf(compileWgsl),
  glsl: shaderProgramOf(compileGlsl),
  glslQuads: shaderProgramOf((module, fnName, options) =>
    compileGlsl(module, fnName, { ...options, quads: true }),
  ),
};
