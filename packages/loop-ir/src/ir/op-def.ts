/**
 * Operation definitions as data. Each {@link OpDef} names the operand/result segments, the
 * assembly-format family the parser/printer use, traits, and verifier constraints written
 * in a small vocabulary that src/verify interprets. Semantics (src/interpret) are a separate
 * table keyed by the same op name.
 */

import { LoopIrError } from '../loop-ir-error.js';
import type { Value } from './operation.js';

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

/** Minimum and maximum value counts accepted by a segment list. */
export function segmentArity(segments: readonly Segment[]): { min: number; max: number } {
  const min = segments.filter(isSingle).length;
  const variadic = segments.some((s) => s.startsWith('...'));
  const optional = segments.filter((s) => s.startsWith('?')).length;
  return { min, max: variadic ? Number.POSITIVE_INFINITY : min + optional };
}

/**
 * Splits `values` into named segments. The single non-single segment (if any) takes what the
 * single segments leave over.
 */
export function splitSegments(
  segments: readonly Segment[],
  values: readonly Value[],
): ReadonlyMap<string, readonly Value[]> {
  const { min, max } = segmentArity(segments);
  if (values.length < min || values.length > max) {
    throw new SegmentError(
      `expected ${min === max ? min : `${min}..${max === Infinity ? 'n' : max}`} values for (${segments.join(', ')}), got ${values.length}`,
    );
  }
  const spare = values.length - min;
  const out = new Map<string, readonly Value[]>();
  let at = 0;
  for (const s of segments) {
    const n = isSingle(s) ? 1 : spare;
    out.set(segmentName(s), values.slice(at, at + n));
    at += n;
  }
  return out;
}
