/**
 * Operation definitions as data. Each {@link OpDef} names the operand/result segments, the
 * assembly-format family the parser/printer use, traits, and verifier constraints written
 * in a small vocabulary that src/verify interprets. Semantics (src/interpret) are a separate
 * table keyed by the same op name.
 */

import { expectArray, expectOptions, expectString } from '../argument-checks.js';
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { LoopIrError } from '../loop-ir-error.js';
import { expectInteger } from '../value-argument-checks.js';
import type { Value } from './operation.js';
import { valueRange } from './value-range.js';

/**
 * An operand or result segment: `name` (exactly one), `?name` (zero or one) or `...name`
 * (any number). At most one non-single segment per op, so segments are positional.
 */
export type Segment = string;

/** Assembly format families; `custom` ops have a dedicated parser/printer keyed by name. */
export type FormatName =
  | 'binary' // %a, %b [flags] : T
  | 'unary' // %a [flags] : T
  | 'cast' // %a : T1 to T2
  | 'cmp' // pred, %a, %b : T
  | 'custom';

/** Structural traits the verifier and rewriters rely on. */
export type Trait =
  /** Must be the last op of its block. */
  | 'terminator'
  /** No memory effects: safe to clone, hoist or drop when unused. */
  | 'pure'
  /** Applies element-wise to vectors of its scalar form (arith, math). */
  | 'elementwise'
  /** Defines a symbol: allowed only directly in the module, the one symbol table. */
  | 'symbol';

/**
 * What an op does to memory, as MLIR's `MemoryEffectOpInterface` and traits say: `none`
 * (Pure, NoMemoryEffect), `read` (only reads: loads, gathers), `write` (stores, scatters),
 * `recursive` (the effects of the ops in its regions: `scf.for`, `scf.if`), `unknown` (no
 * effect information, so passes assume it reads and writes anything: `func.call`).
 */
export type MemoryEffect = 'none' | 'read' | 'write' | 'recursive' | 'unknown';

/** Element kinds named in constraints. `int` is a signless integer, `intOrIndex` adds index. */
export type ElementKind = 'float' | 'int' | 'index' | 'intOrIndex' | 'i1' | 'any';

/** Type kinds named in constraints. */
export type TypeKind = 'scalar' | 'vector' | 'memref' | 'index' | 'scalarOrVector';

/**
 * Verifier constraints. `refs` name segments of operands or results (a variadic segment
 * name covers all its values). Interpreted by src/verify/constraints.ts.
 */
export type Constraint =
  /** All referenced values have one type. */
  | { readonly rule: 'sameType'; readonly refs: readonly string[] }
  /** Element types (vector element, memref element or the scalar itself) have these kinds. */
  | {
      readonly rule: 'elementKind';
      readonly refs: readonly string[];
      readonly kinds: readonly ElementKind[];
    }
  /** The values' types are of these kinds. */
  | {
      readonly rule: 'typeKind';
      readonly refs: readonly string[];
      readonly kinds: readonly TypeKind[];
    }
  /** `ref` is i1, or an i1 vector shaped like `like` (comparisons, masks). */
  | { readonly rule: 'boolLike'; readonly ref: string; readonly like: string }
  /** Same vector shape (or all scalar). */
  | { readonly rule: 'sameShape'; readonly refs: readonly string[] }
  /** Element bit width of `narrow` is strictly less than that of `wide`. */
  | { readonly rule: 'narrower'; readonly narrow: string; readonly wide: string }
  /** Element bit widths are equal (bitcast). */
  | { readonly rule: 'sameWidth'; readonly refs: readonly string[] }
  /** A required attribute of the given kind. */
  | { readonly rule: 'attr'; readonly name: string; readonly kind: string }
  /** A named structural check implemented by the verifier (scf.for, func.func, ...). */
  | { readonly rule: 'check'; readonly name: string };

/** One operation's definition. */
export interface OpDef {
  readonly name: string;
  readonly operands: readonly Segment[];
  readonly results: readonly Segment[];
  readonly regions: number;
  readonly format: FormatName;
  readonly traits: readonly Trait[];
  /** Memory effects (CSE, dead-code elimination and canonicalization read them). */
  readonly effects: MemoryEffect;
  readonly constraints: readonly Constraint[];
}

/** Optional parts of {@link defineOp}'s argument. */
export interface OpDefInit {
  readonly operands?: readonly Segment[];
  readonly results?: readonly Segment[];
  readonly regions?: number;
  readonly format?: FormatName;
  readonly traits?: readonly Trait[];
  /** Defaults to `none` for `pure` ops, else `unknown`. */
  readonly effects?: MemoryEffect;
  readonly constraints?: readonly Constraint[];
}

const FORMATS: readonly unknown[] = ['binary', 'unary', 'cast', 'cmp', 'custom'];
const EFFECTS: readonly unknown[] = ['none', 'read', 'write', 'recursive', 'unknown'];

const isString = (v: unknown): boolean => typeof v === 'string';
const isConstraint = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && typeof (v as { rule?: unknown }).rule === 'string';

/** A frozen copy of the list `value` (absent: empty), each item accepted by `isItem`. */
function listOf<T>(
  value: readonly T[] | undefined,
  argument: string,
  isItem: (v: unknown) => boolean,
  expected: string,
): readonly T[] {
  if (value === undefined) return Object.freeze([]);
  expectArray(value, argument, `an array of ${expected}s or undefined`);
  // By index, so an array of holes stops at the first one.
  for (let i = 0; i < value.length; i++) {
    if (!isItem(value[i])) throw new LoopIrArgumentError(`${argument}[${i}]`, expected, value[i]);
  }
  return Object.freeze([...value]);
}

/** `value` is undefined or one of `allowed`. */
function expectOneOf(value: unknown, argument: string, allowed: readonly unknown[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new LoopIrArgumentError(argument, `one of ${allowed.join(', ')} or undefined`, value);
  }
}

/**
 * Builds a frozen op definition (defaults: no operands/results/regions, custom format,
 * effects `none` when the op is `pure` and `unknown` otherwise).
 * @throws LoopIrArgumentError when `name` is no string or a field of `init` is not what it holds.
 */
export function defineOp(name: string, init: OpDefInit): OpDef {
  expectString(name, 'name');
  if (init === undefined) throw new LoopIrArgumentError('init', 'an OpDefInit object', init);
  expectOptions(init, 'init');
  const operands = listOf(init.operands, 'init.operands', isString, 'segment name');
  const results = listOf(init.results, 'init.results', isString, 'segment name');
  const traits = listOf(init.traits, 'init.traits', isString, 'trait name');
  const constraints = listOf(init.constraints, 'init.constraints', isConstraint, 'Constraint');
  if (init.regions !== undefined) expectInteger(init.regions, 'init.regions', 0);
  expectOneOf(init.format, 'init.format', FORMATS);
  expectOneOf(init.effects, 'init.effects', EFFECTS);
  return Object.freeze({
    name,
    operands,
    results,
    regions: init.regions ?? 0,
    format: init.format ?? 'custom',
    traits,
    effects: init.effects ?? (traits.includes('pure') ? 'none' : 'unknown'),
    constraints,
  });
}

/** Raised when an operation does not fit the segments of its definition. */
export class SegmentError extends LoopIrError {
  override readonly name = 'SegmentError';
  declare readonly argument?: string | undefined;

  /**
   * @param message What does not fit.
   * @param argument The argument whose values do not fit (`values` of {@link splitSegments}),
   *   when the error is about one.
   */
  constructor(message?: unknown, argument?: string) {
    super(message);
    if (typeof argument === 'string') this.argument = argument;
  }
}

function segmentName(s: Segment): string {
  return s.replace(/^(\.\.\.|\?)/, '');
}

function isSingle(s: Segment): boolean {
  return !s.startsWith('...') && !s.startsWith('?');
}

/**
 * Where each named segment of a segment list starts and how many values it takes, as counts
 * of single segments and non-single ones before it (a non-single segment takes what the single
 * ones leave over). Computed once per list: the verifier asks for it for every constraint of
 * every operation.
 */
export interface SegmentLayout {
  readonly min: number;
  readonly max: number;
  /** Per segment name: single segments before it, non-single ones before it, whether single. */
  readonly byName: ReadonlyMap<
    string,
    { readonly singlesBefore: number; readonly othersBefore: number; readonly single: boolean }
  >;
}

const LAYOUTS = new WeakMap<readonly Segment[], SegmentLayout>();

/** The {@link SegmentLayout} of `segments` (remembered per list). */
export function segmentLayout(segments: readonly Segment[]): SegmentLayout {
  const known = LAYOUTS.get(segments);
  if (known !== undefined) return known;
  const byName = new Map<
    string,
    { singlesBefore: number; othersBefore: number; single: boolean }
  >();
  let singles = 0;
  let others = 0;
  let variadic = false;
  for (const s of segments) {
    const single = isSingle(s);
    byName.set(segmentName(s), { singlesBefore: singles, othersBefore: others, single });
    if (single) singles++;
    else others++;
    if (s.startsWith('...')) variadic = true;
  }
  const layout: SegmentLayout = Object.freeze({
    min: singles,
    max: variadic ? Number.POSITIVE_INFINITY : segments.length,
    byName,
  });
  LAYOUTS.set(segments, layout);
  return layout;
}

/** `value` is a list of segments (strings), checked by index: an array of holes stops early. */
function expectSegments(value: unknown, argument: string): asserts value is readonly Segment[] {
  expectArray(value, argument, 'an array of segment names');
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') {
      throw new LoopIrArgumentError(`${argument}[${i}]`, 'a segment name (a string)', value[i]);
    }
  }
}

/**
 * Minimum and maximum value counts accepted by a segment list.
 * @throws LoopIrArgumentError when `segments` is no array of strings.
 */
export function segmentArity(segments: readonly Segment[]): { min: number; max: number } {
  if (!LAYOUTS.has(segments)) expectSegments(segments, 'segments');
  const { min, max } = segmentLayout(segments);
  return { min, max };
}

function checkArity(segments: readonly Segment[], count: number, argument?: string): SegmentLayout {
  const layout = segmentLayout(segments);
  const { min, max } = layout;
  if (count < min || count > max) {
    throw new SegmentError(
      `expected ${min === max ? min : `${min}..${max === Infinity ? 'n' : max}`} values for (${segments.join(', ')}), got ${count}`,
      argument,
    );
  }
  return layout;
}

/**
 * Splits `values` into named segments. The single non-single segment (if any) takes what the
 * single segments leave over.
 * @throws LoopIrArgumentError when `segments` is no array of strings or `values` no array of
 *   Values; SegmentError when the number of values does not fit the segments.
 */
export function splitSegments(
  segments: readonly Segment[],
  values: readonly Value[],
): ReadonlyMap<string, readonly Value[]> {
  if (!LAYOUTS.has(segments)) expectSegments(segments, 'segments');
  expectArray(values, 'values', 'an array of Values');
  for (let i = 0; i < values.length; i++) {
    const v: unknown = values[i];
    if (typeof v !== 'object' || v === null)
      throw new LoopIrArgumentError(`values[${i}]`, 'a Value', v);
  }
  const layout = checkArity(segments, values.length, 'values');
  const out = new Map<string, readonly Value[]>();
  for (const name of layout.byName.keys())
    out.set(name, segmentValues(segments, values, name) as readonly Value[]);
  return out;
}

/**
 * The values of the segment called `name` (as {@link splitSegments} would give them), or
 * `undefined` when no segment has that name.
 */
export function segmentValues(
  segments: readonly Segment[],
  values: readonly Value[],
  name: string,
): readonly Value[] | undefined {
  const layout = checkArity(segments, values.length);
  const at = layout.byName.get(name);
  if (at === undefined) return undefined;
  const spare = values.length - layout.min;
  const start = at.singlesBefore + at.othersBefore * spare;
  return valueRange(values, start, start + (at.single ? 1 : spare));
}
