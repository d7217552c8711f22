/** Public entry point of the interpreter: argument/result conversion around {@link Machine}. */
import { expectArray, expectModule, expectOptions, expectString } from '../argument-checks.js';
import { roundToFormat } from '../ir/float-format.js';
import type { Module } from '../ir/operation.js';
import { elementTypeOf, type ScalarType, type Type } from '../ir/types.js';
import { findFunction } from '../ir/walk.js';
import { printType } from '../print/types.js';
import { verifyModule } from '../verify/verifier.js';
import { InterpretArgumentError, InterpretError } from './errors.js';
import { Machine } from './machine.js';
import { type MemRefArg, MemRefValue } from './memory.js';
import { concreteShape, makeVector, type RuntimeValue } from './runtime.js';
import { intWidth, type Scalar, wrapInt } from './scalar/integers.js';
import { overwideMessage, overwideVector } from './vector-lanes.js';

/** A scalar argument: number (floats, small ints), bigint (any int), boolean (i1). */
export type ScalarArg = number | bigint | boolean;

/** One argument: a scalar, a flat array of lanes for a vector, or a memref buffer. */
export type InterpretArg = ScalarArg | readonly ScalarArg[] | MemRefArg;

/** A returned scalar: number for floats and ints up to 32 bits, bigint for i64/index, boolean for i1. */
export type ScalarResult = number | bigint | boolean;

/** A returned value: a scalar, or a flat (row-major) array of lanes for a vector. */
export type InterpretResult = ScalarResult | ScalarResult[];

/** Options of {@link interpret}. */
export interface InterpretOptions {
  /** Value of `vector.vscale`; scalable dimensions hold `n * vscale` lanes (default 1). */
  readonly vscale?: number;
  /**
   * Maximum iterations of one `scf.while` before failing: a non-negative integer, or
   * `Infinity` for no bound (default 10,000,000).
   */
  readonly maxWhileIterations?: number;
  /** Verify the module first (default true). */
  readonly verify?: boolean;
}

function scalarIn(v: unknown, t: ScalarType, label: string): Scalar {
  const fail = (detail: string) => new InterpretArgumentError(`${label} (${printType(t)})`, detail);
  if (t.kind === 'float') {
    if (typeof v !== 'number') throw fail(`expected a number, got ${typeof v}`);
    return roundToFormat(v, t.format);
  }
  const w = intWidth(t);
  let big: bigint;
  if (typeof v === 'boolean') big = v ? 1n : 0n;
  else if (typeof v === 'bigint') big = v;
  else if (typeof v === 'number' && Number.isSafeInteger(v)) big = BigInt(v);
  else throw fail(`expected an integer (number, bigint or boolean), got ${String(v)}`);
  if (big < -(1n << BigInt(w - 1)) || big >= 1n << BigInt(w))
    throw fail(`${big} does not fit in ${w} bits`);
  return wrapInt(big, w);
}

function argumentIn(v: InterpretArg, t: Type, label: string, vscale: number): RuntimeValue {
  if (t.kind === 'memref') return MemRefValue.fromArgument(v as MemRefArg, t, label);
  if (t.kind === 'vector') {
    const shape = concreteShape(t, vscale);
    const n = shape.reduce((a, b) => a * b, 1);
    if (!Array.isArray(v) || v.length !== n) {
      throw new InterpretArgumentError(
        `${label} (${printType(t)})`,
        `expected an array of ${n} lanes`,
      );
    }
    return makeVector(
      shape,
      v.map((x: unknown, i: number) => scalarIn(x, t.element, `${label}[${i}]`)),
    );
  }
  if (t.kind === 'function')
    throw new InterpretArgumentError(label, 'function-typed arguments are not supported');
  return scalarIn(v, t, label);
}

function scalarOut(v: Scalar, t: Type): ScalarResult {
  if (typeof v === 'number') return v;
  const e = elementTypeOf(t) as ScalarType;
  if (e.kind === 'integer' && e.width === 1) return v === 1n;
  return intWidth(e) <= 32 ? Number(v) : v;
}

function resultOut(v: RuntimeValue, t: Type): InterpretResult {
  if (typeof v !== 'object') return scalarOut(v, t);
  if (v.kind === 'vector') return v.elements.map((x) => scalarOut(x, t));
  throw new InterpretArgumentError('result', 'functions returning memrefs are not supported');
}

/**
 * Runs `func.func @fnName` of `module` and returns its results.
 *
 * Memref arguments are the caller's typed arrays (or `{data, shape, strides?, offset?}`)
 * and are **mutated in place** by stores: they are the function's outputs. Scalars are
 * numbers, bigints or booleans; vectors are flat arrays of lanes.
 *
 * Semantics: integers wrap per width (i64 via BigInt); division by zero, signed division
 * overflow, out-of-range float-to-int casts and out-of-bounds accesses raise typed errors;
 * floats are rounded to their format after every op (f16/bf16 round-to-nearest-even).
 *
 * @throws {InterpretArgumentError} when arguments do not fit the signature
 * @throws {InterpretError} (or {@link OutOfBoundsError}) on undefined behaviour at run time
 * @throws {IRVerifyError} when the module does not verify
 * @throws {InterpretError} (when verifying) for a vector type wider than `MAX_VECTOR_LENGTH`
 */
export function interpret(
  module: Module,
  fnName: string,
  args: readonly InterpretArg[],
  options: InterpretOptions = {},
): InterpretResult[] {
  expectModule(module);
  expectString(fnName, 'fnName');
  expectArray(args, 'args', 'an array of arguments');
  expectOptions(options);
  const vscale = options.vscale ?? 1;
  if (!Number.isInteger(vscale) || vscale < 1) {
    throw new InterpretArgumentError('options.vscale', `must be a positive integer, got ${vscale}`);
  }
  const maxWhileIterations = options.maxWhileIterations ?? 10_000_000;
  if (
    maxWhileIterations !== Number.POSITIVE_INFINITY &&
    !(Number.isSafeInteger(maxWhileIterations) && maxWhileIterations >= 0)
  ) {
    throw new InterpretArgumentError(
      'options.maxWhileIterations',
      `must be a non-negative integer or Infinity, got ${String(maxWhileIterations)}`,
    );
  }
  if (options.verify ?? true) {
    verifyModule(module);
    const wide = overwideVector(module, vscale);
    if (wide !== undefined)
      throw new InterpretError(wide.opName, overwideMessage(wide.lanes, vscale));
  }
  const fn = findFunction(module, fnName);
  const fnType = fn?.attributes.function_type;
  if (fn === undefined || fnType?.kind !== 'type' || fnType.type.kind !== 'function') {
    throw new InterpretArgumentError('fnName', `no function @${fnName} in the module`);
  }
  const { inputs, results } = fnType.type;
  if (args.length !== inputs.length) {
    throw new InterpretArgumentError(
      'args',
      `@${fnName} takes ${inputs.length} arguments, got ${args.length}`,
    );
  }
  const runtimeArgs = inputs.map((t, i) => argumentIn(args[i] as InterpretArg, t, `#${i}`, vscale));
  const machine = new Machine(module, vscale, maxWhileIterations);
  const out = machine.call(fnName, runtimeArgs);
  return out.map((v, i) => resultOut(v, results[i] as Type));
}
