/**
 * What the compiled engines share about a function: its argument and result types, which
 * memref arguments it writes, and the checks that turn interpreter-style memref arguments
 * (typed arrays or `{data, shape, strides?, offset?}`) into row-major views.
 */

import { describeValue, rowMajorStrides } from '@tilekit/errors';
import type {
  InterpretArg,
  InterpretResult,
  MemRefData,
  MemRefType,
  Module,
  Operation,
  ScalarType,
  Type,
  Value,
} from '@tilekit/loop-ir';
import { findFunction, operand, walkOperations } from '@tilekit/loop-ir';
import { EngineArgumentError, EngineUnsupportedError } from './errors.js';

/** A compiled function: the interpreter's calling convention (memrefs are written in place). */
export type EngineCall = (...args: InterpretArg[]) => InterpretResult[];

/**
 * A memref argument resolved to its buffer, shape, element strides and offset (identity
 * layouts are row-major from element 0).
 */
export interface MemRefView {
  readonly data: MemRefData;
  readonly shape: readonly number[];
  readonly strides: readonly number[];
  readonly offset: number;
}

/** The parts of a function signature the engines need. */
export interface EngineSignature {
  readonly func: Operation;
  readonly inputs: readonly Type[];
  readonly results: readonly Type[];
  /** Checks memref argument `i` and returns its view. */
  memref(arg: unknown, i: number): MemRefView;
}

/** Typed arrays accepted for each memref element kind (the interpreter's pairings). */
function acceptedArrays(t: ScalarType): readonly (abstract new (...a: never[]) => MemRefData)[] {
  if (t.kind === 'float') {
    if (t.format === 'f32') return [Float32Array];
    if (t.format === 'f64') return [Float64Array];
    throw new EngineUnsupportedError(`compiled engines do not support ${t.format} memrefs`);
  }
  if (t.kind === 'index') return [BigInt64Array, BigUint64Array, Int32Array, Uint32Array];
  if (t.width === 64) return [BigInt64Array, BigUint64Array];
  if (t.width === 32) return [Int32Array, Uint32Array];
  if (t.width === 16) return [Int16Array, Uint16Array];
  return [Int8Array, Uint8Array];
}

/** Reads the signature of `func.func @fnName`. */
/**
 * The arguments every entry point takes: a module, the name of one of its functions, an options
 * object (absent options are `{}`). Anything else is an EngineArgumentError naming it.
 */
/** An object literal (or `Object.create(null)`): what an options argument is. */
function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function checkEngineArguments(module: unknown, fnName: unknown, options: unknown): void {
  if (
    typeof module !== 'object' ||
    module === null ||
    !Array.isArray((module as Module).operations)
  ) {
    throw new EngineArgumentError('module', `expected a Module, got ${describeValue(module)}`);
  }
  if (typeof fnName !== 'string') {
    throw new EngineArgumentError('fnName', `expected a string, got ${describeValue(fnName)}`);
  }
  if (!isPlainObject(options)) {
    throw new EngineArgumentError(
      'options',
      `expected an options object, got ${describeValue(options)}`,
    );
  }
}

export function readSignature(module: Module, fnName: string): EngineSignature {
  checkEngineArguments(module, fnName, {});
  const func = findFunction(module, fnName);
  const fnType = func?.attributes.function_type;
  if (func === undefined || fnType?.kind !== 'type' || fnType.type.kind !== 'function') {
    throw new EngineArgumentError('fnName', `no function @${fnName} in the module`);
  }
  const { inputs, results } = fnType.type;
  return {
    func,
    inputs,
    results,
    memref(arg, i) {
      const t = inputs[i] as MemRefType;
      return memrefView(arg, t, `#${i}`);
    },
  };
}

/** Checks memref argument `arg` (labelled `label` in errors) against type `t`; returns its view. */
export function memrefView(arg: unknown, t: MemRefType, label: string): MemRefView {
  const fail = (detail: string) => new EngineArgumentError(label, detail);
  const plain = ArrayBuffer.isView(arg);
  const view = plain ? undefined : (arg as MemRefObject);
  const data = (plain ? arg : view?.data) as MemRefData;
  if (!ArrayBuffer.isView(data)) throw fail('expected a typed array or {data, shape}');
  if (t.element.kind === 'vector')
    throw new EngineUnsupportedError('memrefs of vectors are not supported');
  const rank = t.shape.length;
  const shape = view?.shape ?? (rank === 1 ? [data.length] : undefined);
  if (shape === undefined) throw fail(`a rank-${rank} memref needs {data, shape}`);
  // Lengths first: a junk or 2^32-entry list is refused before anything walks it.
  const natural = (d: unknown) => Number.isSafeInteger(d) && (d as number) >= 0;
  const isList = (list: unknown, entry: (v: unknown) => boolean) =>
    Array.isArray(list) && list.length === rank && list.every(entry);
  if (!isList(shape, natural)) throw fail(`shape: expected ${rank} non-negative safe integers`);
  const given = view?.strides;
  if (given != null && !isList(given, Number.isSafeInteger))
    throw fail(`strides: expected ${rank} safe integers`);
  const start = view?.offset;
  if (start != null && !natural(start)) throw fail('offset: expected a non-negative safe integer');
  t.shape.forEach((d, k) => {
    if (d !== '?' && d !== shape[k])
      throw fail(`dimension ${k} is ${shape[k]} but the type requires ${d}`);
  });
  const rowMajor = rowMajorStrides(shape);
  const { strides, offset } = layoutOf(t, view, rowMajor, fail);
  const last = shape.reduce((acc, d, k) => acc + (d - 1) * (strides[k] as number), offset);
  if (shape.every((d) => d > 0) && (last >= data.length || offset < 0)) {
    throw fail(`buffer of ${data.length} elements is too small for shape [${shape}]`);
  }
  const accepted = acceptedArrays(t.element);
  if (!accepted.some((C) => data instanceof C)) {
    throw fail(
      `expected one of ${accepted.map((C) => C.name).join(', ')}, got ${data.constructor.name}`,
    );
  }
  return { data, shape, strides, offset };
}

/** The object form of a memref argument. */
interface MemRefObject {
  readonly data?: unknown;
  readonly shape?: readonly number[];
  readonly strides?: readonly number[];
  readonly offset?: number;
}

/** Strides and offset: the type's static layout, filled in (or overridden) by the argument. */
function layoutOf(
  t: MemRefType,
  view: MemRefObject | undefined,
  rowMajor: readonly number[],
  fail: (detail: string) => Error,
): { strides: number[]; offset: number } {
  const layout = t.layout;
  if (layout === undefined) {
    if (view?.offset != null && view.offset !== 0)
      throw fail('an identity-layout memref needs offset 0');
    if (view?.strides?.some((s, k) => s !== rowMajor[k]))
      throw fail('an identity-layout memref needs row-major strides');
    return { strides: [...rowMajor], offset: 0 };
  }
  const strides = layout.strides.map((s, k) => {
    const given = view?.strides?.[k];
    if (s === '?' && given == null) throw fail(`dynamic stride ${k} needs {strides}`);
    return s === '?' ? (given as number) : (given ?? s);
  });
  if (layout.offset === '?' && view?.offset == null) throw fail('a dynamic offset needs {offset}');
  const offset = layout.offset === '?' ? (view?.offset as number) : (view?.offset ?? layout.offset);
  return { strides, offset };
}

/** The vector ops that write their `base` memref. */
const WRITES_BASE = new Set(['vector.store', 'vector.maskedstore', 'vector.scatter']);

/** Indices of the memref arguments the function may write (stores, masked stores, scatters). */
export function writtenMemRefs(func: Operation): Set<number> {
  const stored = new Set<Value>();
  walkOperations(func, (op) => {
    if (op.name === 'memref.store') stored.add(operand(op, 'memref'));
    if (WRITES_BASE.has(op.name)) stored.add(operand(op, 'base'));
  });
  const args = func.regions[0]?.blocks[0]?.arguments ?? [];
  return new Set(args.flatMap((a, i) => (stored.has(a) ? [i] : [])));
}

/**
 * Converts a scalar argument (number, bigint or boolean, as `interpret` accepts) to the
 * engines' representation: a canonical number for integers up to 32 bits (i1 as 0/1), a
 * bigint for i64 and `index` (callers narrow `index` as they need), a number for floats
 * (f32 rounded).
 */
export function scalarArgument(v: unknown, t: ScalarType, label: string): number | bigint {
  if (t.kind === 'float') {
    if (typeof v !== 'number')
      throw new EngineArgumentError(label, `expected a number, got ${typeof v}`);
    return t.format === 'f32' ? Math.fround(v) : v;
  }
  let big: bigint;
  if (typeof v === 'boolean') big = v ? 1n : 0n;
  else if (typeof v === 'bigint') big = v;
  else if (typeof v === 'number' && Number.isSafeInteger(v)) big = BigInt(v);
  else throw new EngineArgumentError(label, `expected an integer, got ${String(v)}`);
  const width = t.kind === 'index' ? 64 : t.width;
  if (big < -(1n << BigInt(width - 1)) || big >= 1n << BigInt(width)) {
    throw new EngineArgumentError(label, `${big} does not fit in ${width} bits`);
  }
  if (width === 64) return BigInt.asIntN(64, big);
  return Number(width === 1 ? BigInt.asUintN(1, big) : BigInt.asIntN(width, big));
}

/** Converts an engine result to `interpret`'s: i1 -> boolean, i64/index -> bigint, else number. */
export function resultValue(r: unknown, t: Type): InterpretResult {
  if (t.kind === 'integer' && t.width === 1) return r === 1 || r === 1n;
  if (t.kind === 'index' || (t.kind === 'integer' && t.width === 64))
    return BigInt(r as number | bigint);
  return r as number;
}
