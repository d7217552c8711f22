/**
 * `compile(module, fn, {engine})`: one entry point over the three engines. Every engine has
 * the interpreter's calling convention (see `interpret`): memref arguments are typed arrays
 * (or `{data, shape}`) written in place, scalars are numbers/bigints/booleans, and the
 * function's results are returned.
 */

import { describeValue } from '@tilekit/errors';
import type { Module } from '@tilekit/loop-ir';
import { findFunction, interpret, isFrozenModule, verifyModule } from '@tilekit/loop-ir';
import { EngineArgumentError } from './errors.js';
import { compileJs } from './js/js-engine.js';
import { checkVectorLanes } from './lane-limit.js';
import { checkEngineArguments, type EngineCall } from './signature.js';
import { compileWasm } from './wasm/wasm-engine.js';
import { whileBoundOf } from './while-bound.js';

/** The engines: the reference interpreter, generated JavaScript, WebAssembly SIMD128. */
export type EngineName = 'interpreter' | 'js' | 'wasm';

/** Options of {@link compile}. */
export interface CompileOptions {
  /** Which engine runs the function (default `'wasm'`). */
  readonly engine?: EngineName;
  /** The `vector.vscale` value scalable vectors are compiled for (default 1). */
  readonly vscale?: number;
  /**
   * The most iterations one execution of an `scf.while` runs before the call throws (the
   * interpreter's `InterpretError`, the compiled engines' `EngineRuntimeError`): a
   * non-negative integer, or `Infinity`. Default: the interpreter's 10,000,000 on the
   * interpreter; no bound on js and wasm, where counting would cost every iteration.
   */
  readonly maxWhileIterations?: number;
}

export const ENGINES: readonly EngineName[] = Object.freeze(['interpreter', 'js', 'wasm']);

/**
 * What {@link compile} made of each immutable module, per function, engine and vscale. Weak:
 * the entries go with the module, so the cache holds no more than the caller keeps alive (and
 * `sparsify`'s bounded kernel cache is what keeps its modules alive).
 */
const COMPILED = new WeakMap<Module, Map<string, EngineCall>>();

/**
 * Compiles `func.func @fnName` of a verified module into a callable. Throws `IRVerifyError`
 * for malformed IR, `EngineUnsupportedError` for constructs an engine cannot compile (among
 * them vectors wider than `MAX_VECTOR_LENGTH` lanes at `vscale`).
 *
 * A module whose every node is frozen (as every module the IR's builders, parser and passes
 * make) cannot change, so a repeat call with the same module object, function, engine and
 * vscale returns the callable compiled the first time, without verifying or compiling again.
 */
export function compile(module: Module, fnName: string, options: CompileOptions = {}): EngineCall {
  checkEngineArguments(module, fnName, options);
  const engine = options.engine ?? 'wasm';
  const vscale = options.vscale ?? 1;
  if (!Number.isInteger(vscale) || vscale < 1) {
    throw new EngineArgumentError(
      'options.vscale',
      `must be a positive integer, got ${describeValue(vscale)}`,
    );
  }
  // Checked here and passed on as given: absent, each engine keeps its default.
  whileBoundOf(options);
  const { maxWhileIterations } = options;
  // An unknown engine is not cached: compiling it throws, after verifying the module.
  if (!ENGINES.includes(engine))
    return compileVerified(module, fnName, engine, vscale, maxWhileIterations);
  const key = `${fnName}\u0000${engine}\u0000${vscale}\u0000${maxWhileIterations ?? ''}`;
  const known = COMPILED.get(module)?.get(key);
  if (known !== undefined) return known;
  const call = compileVerified(module, fnName, engine, vscale, maxWhileIterations);
  if (isFrozenModule(module)) {
    const byKey = COMPILED.get(module) ?? new Map<string, EngineCall>();
    COMPILED.set(module, byKey.set(key, call));
  }
  return call;
}

/** {@link compile} without the cache. */
function compileVerified(
  module: Module,
  fnName: string,
  engine: EngineName,
  vscale: number,
  maxWhileIterations: number | undefined,
): EngineCall {
  verifyModule(module);
  // Absent, each engine's default: the interpreter's bound, none compiled.
  const bound = maxWhileIterations === undefined ? {} : { maxWhileIterations };
  switch (engine) {
    case 'interpreter': {
      const func = findFunction(module, fnName);
      if (func !== undefined) checkVectorLanes(func, vscale);
      return (...args) => interpret(module, fnName, args, { vscale, verify: false, ...bound });
    }
    case 'js':
      return compileJs(module, fnName, { vscale, ...bound });
    case 'wasm':
      return compileWasm(module, fnName, { vscale, ...bound });
    default:
      throw new EngineArgumentError(
        'options.engine',
        `must be one of ${ENGINES.join(', ')}, got ${describeValue(engine)}`,
      );
  }
}
