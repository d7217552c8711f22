/**
 * The checks at loop-ir's public boundary: an argument that is not what a function takes (a
 * module that is not one, text that is not a string) is a {@link LoopIrArgumentError} naming it
 * before any work starts, never a `TypeError` from deep inside.
 */
import type { Module, Operation } from './ir/operation.js';
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
