/**
 * Calling a built module's exported `kernel` and reading what it returns, the same whether its
 * memory is the engine's own or imported from the caller.
 */
import type { InterpretResult, Type } from '@tilekit/loop-ir';
import { EngineArgumentError, EngineRuntimeError } from '../../errors.js';
import { resultValue } from '../../signature.js';

/** The exported `kernel` of a module from `buildWasm`, taking the flattened wasm arguments. */
export type WasmKernel = (...args: (number | bigint)[]) => unknown;

/**
 * Calls `kernel` with `wasmArgs` and converts its return (nothing, one value, or an array for
 * several) to `interpret`'s results of `resultTypes`. A wasm trap becomes an
 * {@link EngineRuntimeError} naming `fnName`; any other exception passes through.
 */
export function invokeKernel(
  kernel: WasmKernel,
  fnName: string,
  wasmArgs: readonly (number | bigint)[],
  resultTypes: readonly Type[],
): InterpretResult[] {
  let raw: unknown;
  try {
    raw = kernel(...wasmArgs);
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) throw new EngineRuntimeError(fnName, e.message);
    throw e;
  }
  const results =
    resultTypes.length === 0 ? [] : resultTypes.length === 1 ? [raw] : (raw as unknown[]);
  return results.map((r, k) => resultValue(r, resultTypes[k] as Type));
}

/** Rejects a call whose argument count differs from the function's `expected` inputs. */
export function checkArgumentCount(fnName: string, expected: number, given: number): void {
  if (given !== expected) {
    throw new EngineArgumentError('args', `@${fnName} takes ${expected} arguments, got ${given}`);
  }
}
