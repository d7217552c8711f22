/**
 * Compiling one function to a wasm function body: the op handlers lower it into a
 * {@link FunctionCompiler}. The handler table is handed in here rather than imported by the
 * compiler, so the compiler, the handlers and the vector helpers they call depend on each other
 * in one direction only.
 */
import type { Operation } from '@tilekit/loop-ir';
import { lowerFunction } from '../../lowering.js';
import { type FunctionCompileOptions, FunctionCompiler } from './function-compiler.js';
import type { HostImports } from './host-imports.js';
import { WASM_HANDLERS } from './wasm-handlers.js';

/** `func` lowered under `options`, its host calls registered with `host`. */
export function compileFunction(
  func: Operation,
  host: HostImports,
  options: FunctionCompileOptions,
): FunctionCompiler {
  const compiler = new FunctionCompiler(func, host, options);
  lowerFunction(func, compiler, WASM_HANDLERS);
  return compiler;
}
