/**
 * Scalar lowering of comparisons, casts and constants (the ops whose operand and result
 * types differ, or that carry a predicate or a value attribute).
 */

import type { Attribute, ScalarType } from '@tilekit/loop-ir';
import { floatToBits } from '@tilekit/loop-ir';
import type { FunctionBuilder } from '@tilekit/wasm-encoder';
import { EngineUnsupportedError } from '../../errors.js';
import { valTypeOf } from './lanes.js';
import {
  normalize,
  type Push,
  type ScalarContext,
  signExtended,
  spill,
  zeroExtended,
} from './scalar-ops.js';

const widthOf = (t: ScalarType): number =>
  t.kind === 'index' ? 64 : t.kind === 'integer' ? t.width : 0;

/** `[wasm op suffix, operand extension]` of each cmpi predicate. */
const CMPI: Readonly<Record<string, readonly [string, 'signed' | 'unsigned' | 'none']>> = {
  eq: ['eq', 'none'],
  ne: ['ne', 'none'],
  slt: ['lt_s', 'signed'],
  sle: ['le_s', 'signed'],
  sgt: ['gt_s', 'signed'],
  sge: ['ge_s', 'signed'],
  ult: ['lt_u', 'unsigned'],
  ule: ['le_u', 'unsigned'],
  ugt: ['gt_u', 'unsigned'],
  uge: ['ge_u', 'unsigned'],
};

/** Pushes the i32 0/1 result of `arith.cmpi <predicate>`. */
export function lowerCmpi(
  f: FunctionBuilder,
  predicate: string,
  a: Push,
  b: Push,
  type: ScalarType,
): void {
  const rule = CMPI[predicate];
  if (rule === undefined) throw new EngineUnsupportedError(`unknown cmpi predicate ${predicate}`);
  const [op, ext] = rule;
  const wrap = (x: Push): Push =>
    ext === 'unsigned' ? zeroExtended(f, type, x) : ext === 'signed' ? signExtended(f, type, x) : x;
  wrap(a)();
  wrap(b)();
  f.op(`${valTypeOf(type)}.${op}`);
}

/**
 * `arith.cmpf` predicates as data: a list of ordered comparisons OR-ed together, optionally
 * negated (the unordered predicates are negations of ordered ones).
 */
const CMPF: Readonly<
  Record<string, { readonly any: readonly string[]; readonly negate?: boolean }>
> = {
  false: { any: [] },
  oeq: { any: ['eq'] },
  ogt: { any: ['gt'] },
  oge: { any: ['ge'] },
  olt: { any: ['lt'] },
  ole: { any: ['le'] },
  one: { any: ['lt', 'gt'] },
  ord: { any: ['uno'], negate: true },
  ueq: { any: ['lt', 'gt'], negate: true },
  ugt: { any: ['le'], negate: true },
  uge: { any: ['lt'], negate: true },
  ult: { any: ['ge'], negate: true },
  ule: { any: ['gt'], negate: true },
  une: { any: ['eq'], negate: true },
  uno: { any: ['uno'] },
  true: { any: [], negate: true },
};

/** Pushes the i32 0/1 result of `arith.cmpf <predicate>`. */
export function lowerCmpf(
  ctx: ScalarContext,
  predicate: string,
  a: Push,
  b: Push,
  type: ScalarType,
): void {
  const rule = CMPF[predicate];
  if (rule === undefined) throw new EngineUnsupportedError(`unknown cmpf predicate ${predicate}`);
  const { f } = ctx;
  const p = valTypeOf(type);
  const x = spill(ctx, a, p);
  const y = spill(ctx, b, p);
  if (rule.any.length === 0) f.constInt('i32', 0);
  rule.any.forEach((cmp, k) => {
    if (cmp === 'uno') {
      x();
      x();
      f.op(`${p}.ne`);
      y();
      y();
      f.op(`${p}.ne`).op('i32.or');
    } else {
      x();
      y();
      f.op(`${p}.${cmp}`);
    }
    if (k > 0) f.op('i32.or');
  });
  if (rule.negate === true) f.op('i32.eqz');
}

/** Pushes the result of an arith cast `name` from `from` to `to`. */
export function lowerCast(
  f: FunctionBuilder,
  name: string,
  a: Push,
  from: ScalarType,
  to: ScalarType,
): void {
  const fw = widthOf(from);
  const tw = widthOf(to);
  const op = name.replace('arith.', '');
  const signed = op === 'index_cast' || op === 'extsi';
  if (
    op === 'index_cast' ||
    op === 'index_castui' ||
    op === 'extsi' ||
    op === 'extui' ||
    op === 'trunci'
  ) {
    const src = signed ? signExtended(f, from, a) : op === 'trunci' ? a : zeroExtended(f, from, a);
    src();
    if (fw === 64 && tw < 64) f.op('i32.wrap_i64');
    if (fw < 64 && tw === 64) f.op(signed ? 'i64.extend_i32_s' : 'i64.extend_i32_u');
    if (tw < 64) normalize(f, to);
    return;
  }
  if (op === 'sitofp' || op === 'uitofp') {
    (op === 'sitofp' ? signExtended(f, from, a) : zeroExtended(f, from, a))();
    f.op(`${valTypeOf(to)}.convert_${valTypeOf(from)}_${op === 'sitofp' ? 's' : 'u'}`);
    return;
  }
  if (op === 'fptosi' || op === 'fptoui') {
    a();
    // The trapping form: NaN and out-of-range values fail, as in the reference interpreter.
    f.op(`${valTypeOf(to)}.trunc_${valTypeOf(from)}_${op === 'fptosi' ? 's' : 'u'}`);
    if (tw < 64) normalize(f, to);
    return;
  }
  a();
  const fv = valTypeOf(from);
  const tv = valTypeOf(to);
  if (op === 'extf' && fv === 'f32' && tv === 'f64') f.op('f64.promote_f32');
  else if (op === 'truncf' && fv === 'f64' && tv === 'f32') f.op('f32.demote_f64');
  else if (op === 'bitcast' && fv !== tv) f.op(`${tv}.reinterpret_${fv}`);
  else if (op !== 'bitcast' && op !== 'extf' && op !== 'truncf') {
    throw new EngineUnsupportedError(`the wasm engine cannot compile ${name} from ${fv} to ${tv}`);
  }
}

/** Pushes a scalar constant given by an integer or float attribute. */
export function lowerScalarConstant(f: FunctionBuilder, attr: Attribute, type: ScalarType): void {
  if (attr.kind === 'integer' || attr.kind === 'bool') {
    const raw = attr.kind === 'bool' ? (attr.value ? 1n : 0n) : attr.value;
    const w = widthOf(type);
    if (w === 64) f.constInt('i64', BigInt.asIntN(64, raw));
    else f.constInt('i32', w === 1 ? BigInt.asUintN(1, raw) : BigInt.asIntN(w, raw));
    return;
  }
  if (attr.kind === 'float') {
    const vt = valTypeOf(type);
    // A NaN goes in as its bits: an f32.const of a converted NaN would quiet a signalling one.
    if (Number.isNaN(attr.value)) {
      const bits = attr.bits ?? floatToBits(attr.value, vt === 'f32' ? 'f32' : 'f64');
      f.constInt(vt === 'f32' ? 'i32' : 'i64', bits).op(
        `${vt}.reinterpret_${vt === 'f32' ? 'i32' : 'i64'}`,
      );
    } else {
      f.constFloat(vt as 'f32' | 'f64', attr.value);
    }
    return;
  }
  throw new EngineUnsupportedError(`unsupported constant attribute ${attr.kind}`);
}
