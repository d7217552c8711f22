/**
 * Where the GPU kernels find the shader engines (wgsl, glsl) for kernels that come without
 * prepared passes: the compiler route installs them (compile-route.ts), so that the GPU
 * register entries alone do not bundle them.
 */
import type { compileGlsl, compileWgsl } from '@tilekit/loop-engines';
import { SparsifyError } from '../sparsify/errors.js';
import { SPARSE_COMPILER_ENTRY } from './compiled-kernel.js';

/** The shader engines' compilers. */
export interface ShaderCompilers {
  readonly wgsl: typeof compileWgsl;
  readonly glsl: typeof compileGlsl;
}

let installed: ShaderCompilers | undefined;

/** Installs the shader engines' compilers (the compiler route does). */
export function installShaderCompilers(compilers: ShaderCompilers): void {
  installed = compilers;
}

/**
 * The installed `engine` compiler, to generate the passes of `fnName`.
 *
 * @throws SparsifyError naming the compiler's entry where none is installed.
 */
export function shaderCompiler<E extends keyof ShaderCompilers>(
  engine: E,
  fnName: string,
): ShaderCompilers[E] {
  if (installed === undefined)
    throw new SparsifyError(
      'operands',
      `import '${SPARSE_COMPILER_ENTRY}' once to generate the ${engine} passes of ${fnName} (kernels ship prepared for CSR matrices and sparse vectors with the default options only)`,
      'CSR matrices or sparse vectors, float32 or int32 values, the default options',
    );
  return installed[engine];
}
