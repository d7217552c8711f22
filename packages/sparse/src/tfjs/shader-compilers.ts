/**
 * Where the GPU kernels find the shader engines (wgsl, glsl) for kernels that come without
 * prepared passes: the compiler route installs them (compile-route.ts, with shader-programs.ts),
 * so that the GPU register entries alone do not bundle them.
 */
import type { GlslProgram, WgslProgram } from '@tilekit/loop-engines';
import { SparsifyError } from '../sparsify/errors.js';
import { type CompiledSparseKernel, SPARSE_COMPILER_ENTRY } from './compiled-kernel.js';

/** The shader engines' programs of a compiled kernel (each made once per kernel). */
export interface ShaderCompilers {
  readonly wgsl: (compiled: CompiledSparseKernel) => WgslProgram;
  readonly glsl: (compiled: CompiledSparseKernel) => GlslProgram;
  /** The glsl passes writing four consecutive elements per fragment, where they can. */
  readonly glslQuads: (compiled: CompiledSparseKernel) => GlslProgram;
}

let installed: ShaderCompilers | undefined;

/** Installs the shader engines' compilers (the compiler route does). */
export function installShaderCompilers(compilers: ShaderCompilers): void {
  installed = compilers;
}

/**
 * The installed `engine`'s program of `compiled`.
 *
 * @throws SparsifyError naming the compiler's entry where none is installed.
 */
export function shaderProgram<E extends keyof ShaderCompilers>(
  engine: E,
  compiled: CompiledSparseKernel,
): ReturnType<ShaderCompilers[E]> {
  const fnName = compiled.kernel.functionName;
  if (installed === undefined)
    throw new SparsifyError(
      'operands',
      `import '${SPARSE_COMPILER_ENTRY}' once to generate the ${engine} passes of ${fnName} (kernels ship prepared for CSR matrices and sparse vectors with the default options only)`,
      'CSR matrices or sparse vectors, float32 or int32 values, the default options',
    );
  return installed[engine](compiled) as ReturnType<ShaderCompilers[E]>;
}
