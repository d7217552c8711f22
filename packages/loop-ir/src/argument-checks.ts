/**
 * The checks at loop-ir's public boundary: an argument that is not what a function takes (a
 * module that is not one, text that is not a string) is a {@link LoopIrArgumentError} naming it
 * before any work starts, never a `TypeError` from deep inside.
 */
import type { Block, Module, Operation, Region, Value } from './ir/nodes.js';
import type { Type } from './ir/type-shapes.js';
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
  // Its list element by element (a hole is refused where it is), not the IR nested below.
  const operations: readonly unknown[] = value.operations;
  for (let k = 0; k < operations.length; k++) {
    if (!isOperation(operations[k]))
      throw new LoopIrArgumentError(`${argument}.operations[${k}]`, 'an Operation', operations[k]);
  }
}

const isOperation = (value: unknown): value is Operation =>
  isObject(value) &&
  typeof value.name === 'string' &&
  Array.isArray(value.operands) &&
  Array.isArray(value.results) &&
  Array.isArray(value.regions);

/** `value` is an operation (an object with a name and operand, result and region arrays). */
export function expectOperation(value: unknown, argument = 'op'): asserts value is Operation {
  if (!isOperation(value)) throw new LoopIrArgumentError(argument, 'an Operation', value);
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

const isValue = (value: unknown): value is Value => isObject(value) && isObject(value.type);

const isBlock = (value: unknown): value is Block =>
  isObject(value) && Array.isArray(value.arguments) && Array.isArray(value.operations);

const isRegion = (value: unknown): value is Region =>
  isObject(value) && Array.isArray(value.blocks);

/**
 * `value` is an array whose every element passes `is`. Elements are only looked at, not walked
 * into, and the scan stops at the first one that fails: a holey array of 2^32 - 1 slots is
 * refused at its first hole, not iterated.
 */
function expectListOf<T>(
  value: unknown,
  argument: string,
  is: (element: unknown) => element is T,
  element: string,
  expected?: string,
): asserts value is readonly T[] {
  if (!Array.isArray(value))
    throw new LoopIrArgumentError(argument, expected ?? `an array of ${element}s`, value);
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (!is(item)) {
      if (expected !== undefined) throw new LoopIrArgumentError(argument, expected, value);
      throw new LoopIrArgumentError(`${argument}[${i}]`, `a ${element}`, item);
    }
  }
}

/**
 * `value` is a list of values (operation results or block arguments, objects with a type).
 * With `expected`, an error names `argument` itself as not `expected` (a callback that returned
 * something else than values), else the element at fault.
 */
export function expectValues(
  value: unknown,
  argument: string,
  expected?: string,
): asserts value is readonly Value[] {
  expectListOf(value, argument, isValue, 'Value', expected);
}

/** `value` is a list of operations (each checked as {@link expectOperation} does). */
export function expectOperations(
  value: unknown,
  argument: string,
): asserts value is readonly Operation[] {
  expectListOf(value, argument, isOperation, 'Operation');
}

/** `value` is a block (an object with argument and operation arrays). */
export function expectBlock(value: unknown, argument = 'block'): asserts value is Block {
  if (!isBlock(value)) throw new LoopIrArgumentError(argument, 'a Block', value);
}

/** `value` is a list of blocks. */
export function expectBlocks(value: unknown, argument: string): asserts value is readonly Block[] {
  expectListOf(value, argument, isBlock, 'Block');
}

/** `value` is a region (an object with a block array). */
export function expectRegion(value: unknown, argument = 'region'): asserts value is Region {
  if (!isRegion(value)) throw new LoopIrArgumentError(argument, 'a Region', value);
}

/** `value` is a list of regions. */
export function expectRegions(
  value: unknown,
  argument: string,
): asserts value is readonly Region[] {
  expectListOf(value, argument, isRegion, 'Region');
}

/** `value` holds operations to walk: a module, an operation or a block. */
export function expectOpContainer(
  value: unknown,
  argument = 'root',
): asserts value is Module | Operation | Block {
  const holds =
    isObject(value) && ('regions' in value ? isOperation(value) : Array.isArray(value.operations));
  if (!holds) throw new LoopIrArgumentError(argument, 'a Module, Operation or Block', value);
}

/** `value` is a `Map` (a table a function reads, such as a fold's known constants). */
export function expectMap(
  value: unknown,
  argument: string,
  expected: string,
): asserts value is ReadonlyMap<unknown, unknown> {
  if (!(value instanceof Map)) throw new LoopIrArgumentError(argument, expected, value);
}

/** `value` is an attribute dictionary: an object whose every value is an attribute (has a kind). */
export function expectAttributes(
  value: unknown,
  argument: string,
): asserts value is Operation['attributes'] {
  if (!isObject(value) || Array.isArray(value))
    throw new LoopIrArgumentError(argument, 'an attribute dictionary (an object)', value);
  for (const name of Object.keys(value)) {
    const attribute = value[name];
    if (!isObject(attribute) || typeof attribute.kind !== 'string')
      throw new LoopIrArgumentError(`${argument}.${name}`, 'an Attribute', attribute);
  }
}

/** `value` describes an operation to create: an object with a name (its lists are checked where read). */
export function expectOperationSpec(
  value: unknown,
  argument = 'spec',
): asserts value is { readonly name: string } {
  if (!isObject(value)) throw new LoopIrArgumentError(argument, 'an OperationSpec', value);
  if (typeof value.name !== 'string')
    throw new LoopIrArgumentError(`${argument}.name`, 'an operation name (a string)', value.name);
}

/**
 * `value`, what rewrite callback `argument` returned for an operation with `results` results,
 * is undefined (keep the operation) or a replacement: operations, and one value per result.
 */
export function expectReplacement(
  value: unknown,
  results: number,
  argument: string,
): asserts value is
  | { readonly operations: readonly Operation[]; readonly results: readonly Value[] }
  | undefined {
  if (value === undefined) return;
  const expected = `a callback returning undefined or a Replacement (operations, and ${results} result values)`;
  if (!isObject(value) || !Array.isArray(value.operations) || !Array.isArray(value.results))
    throw new LoopIrArgumentError(argument, expected, value);
  const { operations, results: values } = value;
  if (values.length !== results)
    throw new LoopIrArgumentError(argument, `${expected}, not ${values.length}`, value);
  const lists: readonly (readonly [
    string,
    readonly unknown[],
    (item: unknown) => boolean,
    string,
  ])[] = [
    ['operations', operations, isOperation, 'an Operation'],
    ['results', values, isValue, 'a Value'],
  ];
  for (const [field, list, is, what] of lists) {
    const i = list.findIndex((item) => !is(item));
    if (i >= 0)
      throw new LoopIrArgumentError(
        argument,
        `${expected}, whose ${field}[${i}] is ${what}`,
        list[i],
      );
  }
}

/**
 * What a fold is called with: an operation, the constants known so far (a `Map`) and,
 * when the fold is given them, the defining ops (a `Map`).
 */
export function expectFoldArguments(
  op: unknown,
  constants: unknown,
  defs: unknown,
): asserts op is Operation {
  expectOperation(op);
  expectMap(constants, 'constants', 'a Map from values to their constant attributes');
  if (defs !== undefined)
    expectMap(defs, 'defs', 'a Map from values to their defining operations, or undefined');
}
