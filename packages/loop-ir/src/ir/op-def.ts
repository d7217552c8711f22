/**
 * Operation definitions as data. Each {@link OpDef} names the operand/result segments, the
 * assembly-format family the parser/printer use, traits, and verifier constraints written
 * in a small vocabulary that src/verify interprets. Semantics (src/interpret) are a separate
 * table keyed by the same op name.
 */

import { LoopIrError } from '../loop-ir-error.js';
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

/**
 * Builds a frozen op definition (defaults: no operands/results/regions, custom format,
 * effects `none` when the op is `pure` and `unknown` otherwise).
 */
export function defineOp(name: string, init: OpDefInit): OpDef {
  return Object.freeze({
    name,
    operands: Object.freeze([...(init.operands ?? [])]),
    results: Object.freeze([...(init.results ?? [])]),
    regions: init.regions ?? 0,
    format: init.format ?? 'custom',
    traits: Object.freeze([...(init.traits ?? [])]),
    effects: init.effects ?? (init.traits?.includes('pure') ? 'none' : 'unknown'),
    constraints: Object.freeze([...(init.constraints ?? [])]),
  });
}

/** Raised when an operation does not fit the segments of its definition. */
export class SegmentError extends LoopIrError {
  override readonly name = 'SegmentError';
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

/** Minimum and maximum value counts accepted by a segment list. */
export function segmentArity(segments: readonly Segment[]): { min: number; max: number } {
  const { min, max } = segmentLayout(segments);
  return { min, max };
}

function checkArity(segments: readonly Segment[], count: number): SegmentLayout {
  const layout = segmentLayout(segments);
  const { min, max } = layout;
  if (count < min || count > max) {
    throw new SegmentError(
      `expected ${min === max ? min : `${min}..${max === Infinity ? 'n' : max}`} values for (${segments.join(', ')}), got ${count}`,
    );
  }
  return layout;
}

/**
 * Splits `values` into named segments. The single non-single segment (if any) takes what the
 * single segments leave over.
 */
export function splitSegments(
  segments: readonly Segment[],
  values: readonly Value[],
): ReadonlyMap<string, readonly Value[]> {
  const layout = checkArity(segments, values.length);
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
