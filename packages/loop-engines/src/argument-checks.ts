/**
 * Checks at the boundary of the engines' helper exports (array marks, imported memory, lane
 * limits, shader simulation): an argument that is not what the function takes is an
 * {@link EngineArgumentError} naming it before any work starts, never a `TypeError` from deep
 * inside. The compile entry points check theirs in signature.ts.
 */
import { describeValue, INT32_MAX, isIntegerIn } from '@tilekit/errors';
import type { MemRefData, Operation } from '@tilekit/loop-ir';
import { EngineArgumentError } from './errors.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function fail(argument: string, expected: string, value: unknown): EngineArgumentError {
  return new EngineArgumentError(argument, `expected ${expected}, got ${describeValue(value)}`);
}

/** `value` is a typed array or DataView. */
export function expectTypedArray(value: unknown, argument: string): asserts value is MemRefData {
  if (!ArrayBuffer.isView(value)) throw fail(argument, 'a typed array', value);
}

/** `value` is a `WebAssembly.Memory`. */
export function expectMemory(
  value: unknown,
  argument: string,
): asserts value is WebAssembly.Memory {
  if (!(value instanceof WebAssembly.Memory)) throw fail(argument, 'a WebAssembly.Memory', value);
}

/** `value` is an operation (a `func.func` from a parsed or built module). */
export function expectOperation(value: unknown, argument: string): asserts value is Operation {
  if (
    !isObject(value) ||
    typeof value.name !== 'string' ||
    !Array.isArray(value.operands) ||
    !Array.isArray(value.results) ||
    !Array.isArray(value.regions)
  ) {
    throw fail(argument, 'an Operation (a func.func of a module)', value);
  }
}

/** `value` is an integer in `[min, 2^31 - 1]`. */
export function expectInteger(
  value: unknown,
  argument: string,
  min: number,
): asserts value is number {
  if (!isIntegerIn(value, min, INT32_MAX)) {
    throw fail(argument, `an integer from ${min} to 2^31 - 1`, value);
  }
}

/** `value` is an array whose every element passes `check` (named `argument[i]`). */
export function expectArrayOf<T>(
  value: unknown,
  argument: string,
  check: (element: unknown, name: string) => asserts element is T,
): asserts value is readonly T[] {
  if (!Array.isArray(value)) throw fail(argument, 'an array', value);
  for (let i = 0; i < value.length; i++) check(value[i], `${argument}[${i}]`);
}

/** `value` is an object whose `members` are functions or objects, as a plan or pass has them. */
export function expectObjectWith(
  value: unknown,
  argument: string,
  expected: string,
  members: Readonly<Record<string, 'function' | 'object'>>,
): void {
  if (!isObject(value)) throw fail(argument, expected, value);
  for (const [key, kind] of Object.entries(members)) {
    const member = value[key];
    const ok = kind === 'function' ? typeof member === 'function' : isObject(member);
    if (!ok) throw fail(argument, expected, value);
  }
}
