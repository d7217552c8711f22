/**
 * Where the webgpu kernels find the wgsl engine for kernels that come without prepared passes:
 * the compiler route installs it (compile-route.ts), so that `register-webgpu` alone does not
 * bundle it.
 */
import type { compileWgsl } from '@tilekit/loop-engines';

let installed: typeof compileWgsl | undefined;

/** Installs the wgsl engine's compiler (the compiler route does). */
export function installWgslCompiler(compile: typeof compileWgsl): void {
  installed = compile;
}

/** The installed wgsl compiler, or undefined. */
export function installedWgslCompiler(): typeof compileWgsl | undefined {
  return installed;
}
