/**
 * The vectorizer's rules as data: which scalar operations have a vector form, how loop
 * reductions are recognised, and how gather/scatter index vectors are widened. These are
 * the tables MLIR's SparseVectorization.cpp spells as macro lists and if-chains.
 */
import type { CombiningKind, ScalarType } from '@tilekit/loop-ir';
import { bitWidth, i32, i64 } from '@tilekit/loop-ir';
import { expectScalarType } from './argument-checks.js';
import { resolveOptions, type VL } from './options.js';

/** Unary ops whose vector form has the operand's type (`math.sqrt`, `arith.negf`, ...). */
export const UNARY_OPS: ReadonlySet<string> = new Set([
  'math.absf',
  'math.absi',
  'math.ceil',
  'math.floor',
  'math.sqrt',
  'math.expm1',
  'math.log1p',
  'math.sin',
  'math.tanh',
  'arith.negf',
]);

/** Casts: unary ops whose vector result type is `vector<vl x resultElement>`. */
export const CAST_OPS: ReadonlySet<string> = new Set([
  'arith.truncf',
  'arith.extf',
  'arith.fptosi',
  'arith.fptoui',
  'arith.sitofp',
  'arith.uitofp',
  'arith.extsi',
  'arith.extui',
  'arith.index_cast',
  'arith.trunci',
  'arith.bitcast',
]);

/** Binary ops with a lane-wise vector form. */
export const BINARY_OPS: ReadonlySet<string> = new Set([
  'arith.mulf',
  'arith.muli',
  'arith.divf',
  'arith.divsi',
  'arith.divui',
  'arith.addf',
  'arith.addi',
  'arith.subf',
  'arith.subi',
  'arith.andi',
  'arith.ori',
  'arith.xori',
  'arith.shli',
  'arith.shrui',
  'arith.shrsi',
]);

/**
 * Shifts vectorize only by an amount defined outside the loop: SIMD shifts apply one amount
 * to every lane (the vector form still broadcasts it, so code generation is uniform).
 */
export const SHIFT_OPS: ReadonlySet<string> = new Set(['arith.shli', 'arith.shrui', 'arith.shrsi']);

/** How an op combines the loop-carried accumulator. */
export interface ReductionRule {
  readonly kind: CombiningKind;
  /** Operand positions where the accumulator may sit (`acc - x` is ADD, `x - acc` is not). */
  readonly accumulatorAt: readonly number[];
}

const EITHER = [0, 1] as const;
const LEFT_ONLY = [0] as const;

/** Reductions `acc' = op(acc, x)` the vectorizer recognises, keyed by op name. */
export const REDUCTION_RULES: ReadonlyMap<string, ReductionRule> = new Map([
  ['arith.addf', { kind: 'add', accumulatorAt: EITHER }],
  ['arith.addi', { kind: 'add', accumulatorAt: EITHER }],
  ['arith.subf', { kind: 'add', accumulatorAt: LEFT_ONLY }],
  ['arith.subi', { kind: 'add', accumulatorAt: LEFT_ONLY }],
  ['arith.mulf', { kind: 'mul', accumulatorAt: EITHER }],
  ['arith.muli', { kind: 'mul', accumulatorAt: EITHER }],
  ['arith.andi', { kind: 'and', accumulatorAt: EITHER }],
  ['arith.ori', { kind: 'or', accumulatorAt: EITHER }],
  ['arith.xori', { kind: 'xor', accumulatorAt: EITHER }],
]);

/**
 * Initial vector of a reduction, after "The Software Vectorization Handbook" ch. 5:
 * the scalar start value `r` sits in lane 0 of an identity vector (`[r, 0, ..]` for
 * add/xor, `[r, 1, ..]` for mul), or is broadcast (`[r, r, ..]`) where repeating it
 * does not change the result (and/or).
 */
export type ReductionInit =
  | { readonly form: 'insert'; readonly identity: 0 | 1 }
  | { readonly form: 'broadcast' };

/** The init-vector scheme of each vectorizable combining kind. */
export const REDUCTION_INITS: ReadonlyMap<CombiningKind, ReductionInit> = new Map<
  CombiningKind,
  ReductionInit
>([
  ['add', { form: 'insert', identity: 0 }],
  ['xor', { form: 'insert', identity: 0 }],
  ['mul', { form: 'insert', identity: 1 }],
  ['and', { form: 'broadcast' }],
  ['or', { form: 'broadcast' }],
]);

/** Casts looked through when a subscript is an (extended) coordinate load: `a[ind[i]]`. */
export const SUBSCRIPT_CASTS: ReadonlySet<string> = new Set(['arith.index_cast', 'arith.extui']);

/** Ops that read memory but write nothing (dead ones may be dropped; they never block). */
export const READ_ONLY_OPS: ReadonlySet<string> = new Set([
  'memref.load',
  'vector.load',
  'vector.maskedload',
  'vector.gather',
]);

/**
 * The element type a loaded coordinate vector is zero-extended to before it indexes a
 * gather/scatter (an unsigned pointer plus a signed index): 8/16-bit coordinates go to i32,
 * 32-bit ones to i64 unless `enableSIMDIndex32` promises the sign bit is unused, 64-bit and
 * `index` coordinates stay as they are. `undefined` means no extension.
 */
export function widenedIndexElement(vl: VL, element: ScalarType): ScalarType | undefined {
  const checked = resolveOptions(vl, 'vl');
  expectScalarType(element, 'element');
  if (element.kind === 'index') return undefined;
  const width = bitWidth(element);
  if (width < 32) return i32;
  if (width < 64 && !checked.enableSIMDIndex32) return i64;
  return undefined;
}
