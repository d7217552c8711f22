/**
 * The checks at loop-ir's public boundary: an argument that is not what a function takes (a
 * module that is not one, text that is not a string) is a {@link LoopIrArgumentError} naming it
 * before any work starts, never a `TypeError` from deep inside.
 */
import type { Module, Operation } from './ir/operation.js';
import type { Type } from './ir/types.js';
import { LoopIrArgumentError } from './loop-ir-argument-error.js';

export { LoopIrArgumentError };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `value` is a string, or a LoopIrArgumentError naming `argument`. */
export function expectString(value: unknown, argument: string): asserts value is string {
  if (typeof value !== 'string') throw new LoopIrArgumentError(argument, 'a string', value);
}

/** `value` is a module (an object holding an array of operations). */
export function expectModule(value: unknown, argument = 'module'): asserts value is Module {
  if (!isObject(value) || !Array.isArray(value.operations)) {
    throw new LoopIrArgumentError(argument, 'a Module (from parseModule or buildModule)', value);
  }
}

/** `value` is an operation (an object with a name and operand, result and region arrays). */
export function expectOperation(value: unknown, argument = 'op'): asserts value is Operation {
  if (
    !isObject(value) ||
    typeof value.name !== 'string' ||
    !Array.isArray(value.operands) ||
    !Array.isArray(value.results) ||
    !Array.isArray(value.regions)
  ) {
    throw new LoopIrArgumentError(argument, 'an Operation', value);
  }
}

/** `value` is an array, or a LoopIrArgumentError naming `argument`. */
export function expectArray(
  value: unknown,
  argument: string,
  expected = 'an array',
): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) throw new LoopIrArgumentError(argument, expected, value);
}

/** `value` is an options object or undefined (absent options take their defaults). */
export function expectOptions(
  value: unknown,
  argument = 'options',
): asserts value is Record<string, unknown> | undefined {
  if (value !== undefined && (!isObject(value) || Array.isArray(value))) {
    throw new LoopIrArgumentError(argument, 'an options object or undefined', value);
  }
}

/** Types one signature or block may list before it is refused (far above any real function). */
const MAX_TYPE_LIST = 1 << 16;

/** `value` is a list of types (objects with a `kind`), checked before anything is built. */
export function expectTypes(value: unknown, argument: string): asserts value is readonly Type[] {
  if (!Array.isArray(value) || value.length > MAX_TYPE_LIST)
    throw new LoopIrArgumentError(argument, `an array of at most ${MAX_TYPE_LIST} types`, value);
  for (let i = 0; i < value.length; i++) {
    const t: unknown = value[i];
    if (!isObject(t) || typeof t.kind !== 'string')
      throw new LoopIrArgumentError(
        `${argument}[${i}]`,
        'a Type (from parseType or i32, f32 ...)',
        t,
      );
  }
}

/** `value` is a function (a body callback). */
export function expectFunction(
  value: unknown,
  argument: string,
): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') throw new LoopIrArgumentError(argument, 'a function', value);
}
