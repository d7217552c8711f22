/**
 * Scalar lowering of arith/math ops to wasm instructions. Each lowering pushes exactly one
 * value, reading its operands through {@link Push} callbacks, so the same table serves
 * scalar code and the per-lane fallback of vector ops (where operands are lane extracts).
 * Ops with no wasm instruction (transcendentals, `remf`, ...) call host imports that
 * implement the reference semantics.
 */

import type { Attribute, ScalarType } from '@tilekit/loop-ir';
import { MATH_OPS } from '@tilekit/loop-ir';
import type { FunctionBuilder, ValType } from '@tilekit/wasm-encoder';
import { EngineUnsupportedError } from '../../errors.js';
import { valTypeOf } from './lanes.js';

/** Pushes one operand value. */
export type Push = () => void;

/** What a lowering may use besides the instruction stream. */
export interface ScalarContext {
  readonly f: FunctionBuilder;
  /** A scratch local (fresh per request, so nested lowerings never clash). */
  temp(type: ValType): number;
  /** Calls the host import `name` (registered on first use) with the reference semantics. */
  callHost(name: string, params: readonly ValType[], result: ValType): void;
}

/** One op's lowering: `type` is the operand type, `result` the result type. */
export type ScalarLowering = (
  ctx: ScalarContext,
  args: readonly Push[],
  type: ScalarType,
  result: ScalarType,
  attrs: Readonly<Record<string, Attribute>>,
) => void;

const widthOf = (t: ScalarType): number =>
  t.kind === 'index' ? 64 : t.kind === 'integer' ? t.width : 0;
const prefix = (t: ScalarType): ValType => valTypeOf(t);

/** Restores the canonical form of a narrow integer (sign-extended; i1 as 0/1). */
export function normalize(f: FunctionBuilder, t: ScalarType): void {
  const w = widthOf(t);
  if (w === 8) f.op('i32.extend8_s');
  else if (w === 16) f.op('i32.extend16_s');
  else if (w === 1) f.constInt('i32', 1).op('i32.and');
}

/** Pushes `push` zero-extended (narrow integers only change). */
export function zeroExtended(f: FunctionBuilder, t: ScalarType, push: Push): Push {
  const w = widthOf(t);
  return () => {
    push();
    if (w === 8) f.constInt('i32', 0xff).op('i32.and');
    else if (w === 16) f.constInt('i32', 0xffff).op('i32.and');
  };
}

/** Pushes `push` sign-extended (only i1, stored as 0/1, changes: 1 means -1). */
export function signExtended(f: FunctionBuilder, t: ScalarType, push: Push): Push {
  return () => {
    if (widthOf(t) === 1) f.constInt('i32', 0);
    push();
    if (widthOf(t) === 1) f.op('i32.sub');
  };
}

/** Evaluates `push` once into a temp and returns a pusher of that temp. */
export function spill(ctx: ScalarContext, push: Push, type: ValType): Push {
  const t = ctx.temp(type);
  push();
  ctx.f.op('local.set', t);
  return () => ctx.f.op('local.get', t);
}

function binaryInt(op: string, opts: { unsigned?: boolean; norm?: boolean } = {}): ScalarLowering {
  return ({ f }, [a, b], type) => {
    const p = prefix(type);
    const ext = (x: Push): Push => (opts.unsigned ? zeroExtended(f, type, x) : x);
    ext(a as Push)();
    ext(b as Push)();
    f.op(`${p}.${op}`);
    if (opts.norm !== false) normalize(f, type);
  };
}

function binaryFloat(op: string): ScalarLowering {
  return ({ f }, [a, b], type) => {
    (a as Push)();
    (b as Push)();
    f.op(`${prefix(type)}.${op}`);
  };
}

function unaryFloat(op: string): ScalarLowering {
  return ({ f }, [a], type) => {
    (a as Push)();
    f.op(`${prefix(type)}.${op}`);
  };
}

/**
 * Shifts with the reference semantics for large amounts: an (unsigned) amount >= width gives
 * 0 for `shl`/`shr_u` and the sign for `shr_s` (wasm alone would take the amount modulo 32/64).
 */
function shift(op: 'shl' | 'shr_s' | 'shr_u'): ScalarLowering {
  return (ctx, [a, b], type) => {
    const { f } = ctx;
    const p = prefix(type);
    const w = widthOf(type);
    const amount = spill(ctx, zeroExtended(f, type, b as Push), p);
    const inRange = (): void => {
      amount();
      f.constInt(p as 'i32' | 'i64', w).op(`${p}.lt_u`);
    };
    (op === 'shr_u'
      ? zeroExtended(f, type, a as Push)
      : op === 'shr_s'
        ? signExtended(f, type, a as Push)
        : (a as Push))();
    if (op === 'shr_s') {
      amount();
      f.constInt(p as 'i32' | 'i64', w - 1);
      inRange();
      f.op('select');
    } else {
      amount();
    }
    f.op(`${p}.${op}`);
    normalize(f, type);
    if (op !== 'shr_s') {
      f.constInt(p as 'i32' | 'i64', 0);
      inRange();
      f.op('select');
    }
  };
}

/** `select(pick(a, b) ? a : b)` for integer min/max. */
function minMaxInt(cmp: string, unsigned: boolean): ScalarLowering {
  return (ctx, [a, b], type) => {
    const p = prefix(type);
    const x = spill(ctx, a as Push, p);
    const y = spill(ctx, b as Push, p);
    x();
    y();
    const ext = (v: Push): Push =>
      unsigned ? zeroExtended(ctx.f, type, v) : signExtended(ctx.f, type, v);
    ext(x)();
    ext(y)();
    ctx.f.op(`${p}.${cmp}_${unsigned ? 'u' : 's'}`).op('select');
  };
}

/**
 * `maximumf`/`minimumf`: wasm's `max`/`min` give a NaN whose sign the host chooses (x86 sets
 * it), so a NaN result is replaced by the positive quiet NaN the reference interpreter returns.
 */
function nanPropagatingMinMax(op: 'max' | 'min'): ScalarLowering {
  return (ctx, [a, b], type) => {
    const p = prefix(type);
    const m = spill(
      ctx,
      () => {
        (a as Push)();
        (b as Push)();
        ctx.f.op(`${p}.${op}`);
      },
      p,
    );
    ctx.f.constFloat(p as 'f32' | 'f64', Number.NaN);
    m();
    m();
    m();
    ctx.f.op(`${p}.ne`).op('select'); // m is NaN ? NaN : m
  };
}

/** IEEE maxNum/minNum: a NaN operand yields the other operand. */
function numMinMax(op: 'max' | 'min'): ScalarLowering {
  return (ctx, [a, b], type) => {
    const p = prefix(type);
    const x = spill(ctx, a as Push, p);
    const y = spill(ctx, b as Push, p);
    const f = ctx.f;
    y();
    x();
    x();
    y();
    f.op(`${p}.${op}`);
    y();
    y();
    f.op(`${p}.ne`).op('select'); // b is NaN ? a : max(a, b)
    x();
    x();
    f.op(`${p}.ne`).op('select'); // a is NaN ? b : ...
  };
}

/** Signed division rounding toward +inf (`ceil`) or -inf (`floor`). */
function roundedDivSigned(dir: 'ceil' | 'floor'): ScalarLowering {
  return (ctx, [a, b], type) => {
    const p = prefix(type);
    const f = ctx.f;
    const x = spill(ctx, a as Push, p);
    const y = spill(ctx, b as Push, p);
    x();
    y();
    f.op(`${p}.div_s`);
    // adjust = (a % b != 0) && ((a < 0) == (b < 0)) for ceil, != for floor
    x();
    y();
    f.op(`${p}.rem_s`);
    f.op(p === 'i64' ? 'i64.eqz' : 'i32.eqz').op('i32.eqz');
    x();
    f.constInt(p as 'i32' | 'i64', 0).op(`${p}.lt_s`);
    y();
    f.constInt(p as 'i32' | 'i64', 0).op(`${p}.lt_s`);
    f.op(dir === 'ceil' ? 'i32.eq' : 'i32.ne').op('i32.and');
    if (p === 'i64') f.op('i64.extend_i32_u');
    f.op(dir === 'ceil' ? `${p}.add` : `${p}.sub`);
    normalize(f, type);
  };
}

const ceilDivUnsigned: ScalarLowering = (ctx, [a, b], type) => {
  const p = prefix(type);
  const f = ctx.f;
  const x = spill(ctx, zeroExtended(f, type, a as Push), p);
  const y = spill(ctx, zeroExtended(f, type, b as Push), p);
  x();
  y();
  f.op(`${p}.div_u`);
  x();
  y();
  f.op(`${p}.rem_u`)
    .op(p === 'i64' ? 'i64.eqz' : 'i32.eqz')
    .op('i32.eqz');
  if (p === 'i64') f.op('i64.extend_i32_u');
  f.op(`${p}.add`);
  normalize(f, type);
};

const absInt: ScalarLowering = (ctx, [a], type) => {
  const p = prefix(type);
  const f = ctx.f;
  const x = spill(ctx, a as Push, p);
  f.constInt(p as 'i32' | 'i64', 0);
  x();
  f.op(`${p}.sub`);
  x();
  x();
  f.constInt(p as 'i32' | 'i64', 0)
    .op(`${p}.lt_s`)
    .op('select');
  normalize(f, type);
};

const negf: ScalarLowering = unaryFloat('neg');

/** Host-implemented float functions: `f32` operands are computed in f64 and rounded back. */
function hostFloat(name: string, arity: number): ScalarLowering {
  return (ctx, args, type) => {
    const p = prefix(type);
    for (const a of args.slice(0, arity)) {
      a();
      if (p === 'f32') ctx.f.op('f64.promote_f32');
    }
    ctx.callHost(name, new Array<'f64'>(arity).fill('f64'), 'f64');
    if (p === 'f32') ctx.f.op('f32.demote_f64');
  };
}

/** The scalar lowering of every elementwise arith/math op, by op name. */
const NATIVE_LOWERINGS: Readonly<Record<string, ScalarLowering>> = {
  'arith.addi': binaryInt('add'),
  'arith.subi': binaryInt('sub'),
  'arith.muli': binaryInt('mul'),
  'arith.divsi': binaryInt('div_s'),
  'arith.divui': binaryInt('div_u', { unsigned: true }),
  'arith.remsi': binaryInt('rem_s'),
  'arith.remui': binaryInt('rem_u', { unsigned: true }),
  'arith.andi': binaryInt('and', { norm: false }),
  'arith.ori': binaryInt('or', { norm: false }),
  'arith.xori': binaryInt('xor', { norm: false }),
  'arith.shli': shift('shl'),
  'arith.shrsi': shift('shr_s'),
  'arith.shrui': shift('shr_u'),
  'arith.maxsi': minMaxInt('gt', false),
  'arith.minsi': minMaxInt('lt', false),
  'arith.maxui': minMaxInt('gt', true),
  'arith.minui': minMaxInt('lt', true),
  'arith.ceildivsi': roundedDivSigned('ceil'),
  'arith.floordivsi': roundedDivSigned('floor'),
  'arith.ceildivui': ceilDivUnsigned,
  'arith.addf': binaryFloat('add'),
  'arith.subf': binaryFloat('sub'),
  'arith.mulf': binaryFloat('mul'),
  'arith.divf': binaryFloat('div'),
  'arith.maximumf': nanPropagatingMinMax('max'),
  'arith.minimumf': nanPropagatingMinMax('min'),
  'arith.maxnumf': numMinMax('max'),
  'arith.minnumf': numMinMax('min'),
  'arith.remf': hostFloat('arith.remf', 2),
  'arith.negf': negf,
  'math.absf': unaryFloat('abs'),
  'math.ceil': unaryFloat('ceil'),
  'math.floor': unaryFloat('floor'),
  'math.trunc': unaryFloat('trunc'),
  'math.roundeven': unaryFloat('nearest'),
  'math.sqrt': unaryFloat('sqrt'),
  'math.copysign': binaryFloat('copysign'),
  'math.absi': absInt,
};

/**
 * Every scalar lowering: the native ones, and each `math` op wasm has no instruction for
 * (exp, log, sin, powf, ...), imported from the host with the op table's arity.
 */
export const SCALAR_LOWERINGS: Readonly<Record<string, ScalarLowering>> = {
  ...NATIVE_LOWERINGS,
  ...Object.fromEntries(
    MATH_OPS.filter((def) => !(def.name in NATIVE_LOWERINGS)).map((def) => [
      def.name,
      hostFloat(def.name, def.operands.length),
    ]),
  ),
};

/** Looks up a lowering or throws {@link EngineUnsupportedError}. */
export function scalarLowering(name: string): ScalarLowering {
  const l = SCALAR_LOWERINGS[name];
  if (l === undefined) throw new EngineUnsupportedError(`the wasm engine cannot compile ${name}`);
  return l;
}
