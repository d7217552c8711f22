/**
 * Vector ops over v128 parts. Element-wise ops take a SIMD128 instruction per part when the
 * lane shape has one (rules as data below) and otherwise run the scalar lowering lane by
 * lane, so every op the scalar path supports also works on vectors, with identical results.
 */

import type {
  Attribute,
  CombiningKind,
  DenseElement,
  ScalarType,
  VectorType,
} from '@tilekit/loop-ir';
import { combiningOp, floatToBits, isArithCast, laneCount } from '@tilekit/loop-ir';
import type { FunctionBuilder } from '@tilekit/wasm-encoder';
import { EngineUnsupportedError } from '../../errors.js';
import { computeOperandIndex } from '../../op-classes.js';
import { LOW_HALVES_OF_PAIR, lanePusher, pushMaskFor, setLane } from './lane-access.js';
import { isBool, type LaneShape, laneLayoutOf } from './lanes.js';
import { lowerCast, lowerCmpf, lowerCmpi } from './scalar-cmp-cast.js';
import { type Push, type ScalarContext, scalarLowering } from './scalar-ops.js';

/** A vector value: its type and the v128 locals holding it. */
export interface VectorValue {
  readonly type: VectorType;
  readonly parts: readonly number[];
}

/** An operand of an element-wise op: a vector, or a scalar local (e.g. a select condition). */
export type ElementwiseOperand =
  | VectorValue
  | { readonly scalar: number; readonly type: ScalarType };

const BITWISE: Readonly<Record<string, string>> = {
  'arith.andi': 'v128.and',
  'arith.ori': 'v128.or',
  'arith.xori': 'v128.xor',
};
const per = (shapes: readonly LaneShape[], op: string): Partial<Record<LaneShape, string>> =>
  Object.fromEntries(shapes.map((s) => [s, `${s}.${op}`]));
const FLOATS: readonly LaneShape[] = ['f32x4', 'f64x2'];
const WIDE_INTS: readonly LaneShape[] = ['i32x4', 'i64x2'];

/** SIMD instruction of a same-type element-wise op, by lane shape. */
const SIMD_SAME_TYPE: Readonly<Record<string, Partial<Record<LaneShape, string>>>> = {
  'arith.addf': per(FLOATS, 'add'),
  'arith.subf': per(FLOATS, 'sub'),
  'arith.mulf': per(FLOATS, 'mul'),
  'arith.divf': per(FLOATS, 'div'),
  'arith.maximumf': per(FLOATS, 'max'),
  'arith.minimumf': per(FLOATS, 'min'),
  'arith.negf': per(FLOATS, 'neg'),
  'math.absf': per(FLOATS, 'abs'),
  'math.sqrt': per(FLOATS, 'sqrt'),
  'math.ceil': per(FLOATS, 'ceil'),
  'math.floor': per(FLOATS, 'floor'),
  'math.trunc': per(FLOATS, 'trunc'),
  'math.roundeven': per(FLOATS, 'nearest'),
  'arith.addi': per(WIDE_INTS, 'add'),
  'arith.subi': per(WIDE_INTS, 'sub'),
  'arith.muli': per(WIDE_INTS, 'mul'),
  'arith.maxsi': per(['i32x4'], 'max_s'),
  'arith.minsi': per(['i32x4'], 'min_s'),
  'arith.maxui': per(['i32x4'], 'max_u'),
  'arith.minui': per(['i32x4'], 'min_u'),
  'math.absi': per(['i32x4'], 'abs'),
};

/** Ops whose SIMD instruction leaves the sign of a NaN result to the host. */
const NAN_PROPAGATING: ReadonlySet<string> = new Set(['arith.maximumf', 'arith.minimumf']);

/** SIMD comparisons by predicate (f32x4/f64x2 for cmpf; i32x4, and i64x2 when signed, for cmpi). */
const SIMD_CMPF: Readonly<Record<string, string>> = {
  oeq: 'eq',
  ogt: 'gt',
  oge: 'ge',
  olt: 'lt',
  ole: 'le',
  une: 'ne',
};
const SIMD_CMPI: Readonly<Record<string, string>> = {
  eq: 'eq',
  ne: 'ne',
  slt: 'lt_s',
  sle: 'le_s',
  sgt: 'gt_s',
  sge: 'ge_s',
  ult: 'lt_u',
  ule: 'le_u',
  ugt: 'gt_u',
  uge: 'ge_u',
};

/** Context of vector lowerings: the scalar context plus the fixed `vscale`. */
export interface VectorContext extends ScalarContext {
  readonly vscale: number;
}

const isVector = (o: ElementwiseOperand): o is VectorValue => 'parts' in o;
const elementOf = (o: ElementwiseOperand): ScalarType => (isVector(o) ? o.type.element : o.type);

function operandLane(f: FunctionBuilder, o: ElementwiseOperand, lane: number): Push {
  return isVector(o)
    ? lanePusher(f, o.type.element, o.parts, lane)
    : () => f.op('local.get', o.scalar);
}

/** Lowers an element-wise op (arith/math, cmp, cast, select) producing `result`. */
export function lowerElementwise(
  ctx: VectorContext,
  name: string,
  operands: readonly ElementwiseOperand[],
  result: VectorValue,
  attrs: Readonly<Record<string, Attribute>>,
): void {
  if (trySimd(ctx, name, operands, result, attrs)) return;
  const { f } = ctx;
  const opType = elementOf(operands[computeOperandIndex(name)] as ElementwiseOperand);
  const resElem = result.type.element;
  const lanes = laneCount(result.type, ctx.vscale);
  for (let lane = 0; lane < lanes; lane++) {
    const args = operands.map((o) => operandLane(f, o, lane));
    setLane(f, resElem, result.parts, lane, () =>
      lowerScalarOp(ctx, name, args, opType, resElem, attrs),
    );
  }
}

/**
 * A float select goes through the float's bits: engines lower an integer `select` to a
 * conditional move, but may branch on a float one, which data-dependent conditions
 * mispredict.
 */
const FLOAT_BITS: Readonly<Record<string, { toInt: string; toFloat: string }>> = {
  f32: { toInt: 'i32.reinterpret_f32', toFloat: 'f32.reinterpret_i32' },
  f64: { toInt: 'i64.reinterpret_f64', toFloat: 'f64.reinterpret_i64' },
};

/** The scalar lowering of any element-wise op (shared by the scalar path and the lane fallback). */
export function lowerScalarOp(
  ctx: ScalarContext,
  name: string,
  args: readonly Push[],
  opType: ScalarType,
  resType: ScalarType,
  attrs: Readonly<Record<string, Attribute>>,
): void {
  const [a, b, c] = args as [Push, Push, Push];
  const predicate = attrs.predicate?.kind === 'predicate' ? attrs.predicate.value : '';
  if (name === 'arith.cmpi') {
    lowerCmpi(ctx.f, predicate, a, b, opType);
    return;
  }
  if (name === 'arith.cmpf') {
    lowerCmpf(ctx, predicate, a, b, opType);
    return;
  }
  if (name === 'arith.select') {
    const bits = resType.kind === 'float' ? FLOAT_BITS[resType.format] : undefined;
    if (bits === undefined) {
      b();
      c();
      a();
      ctx.f.op('select');
      return;
    }
    b();
    ctx.f.op(bits.toInt);
    c();
    ctx.f.op(bits.toInt);
    a();
    ctx.f.op('select').op(bits.toFloat);
    return;
  }
  if (isCastName(name)) {
    lowerCast(ctx.f, name, a, opType, resType);
    return;
  }
  scalarLowering(name)(ctx, args, opType, resType, attrs);
  return;
}

/** True for arith cast op names (with or without the `arith.` prefix). */
export function isCastName(name: string): boolean {
  return isArithCast(name.startsWith('arith.') ? name : `arith.${name}`);
}

function trySimd(
  ctx: VectorContext,
  name: string,
  operands: readonly ElementwiseOperand[],
  result: VectorValue,
  attrs: Readonly<Record<string, Attribute>>,
): boolean {
  const { f } = ctx;
  const vectors = operands.filter(isVector);
  if (vectors.length !== operands.length && name !== 'arith.select') return false;
  const first = operands[0] as ElementwiseOperand;
  const elem = elementOf(first);
  const shape = laneLayoutOf(elem).shape;
  const parts = result.parts.length;
  const emitParts = (emit: (k: number) => void): true => {
    for (let k = 0; k < parts; k++) {
      emit(k);
      f.op('local.set', result.parts[k] as number);
    }
    return true;
  };
  const get = (o: VectorValue, k: number): void => {
    f.op('local.get', o.parts[k] as number);
  };
  /** Every operand's part k, then one SIMD instruction. */
  const apply = (instruction: string) => (k: number) => {
    for (const v of vectors) get(v, k);
    f.op(instruction);
  };
  const bitwise = BITWISE[name];
  if (bitwise !== undefined) return emitParts(apply(bitwise));
  const same = SIMD_SAME_TYPE[name]?.[shape];
  if (same !== undefined && NAN_PROPAGATING.has(name)) {
    // As the scalar lowering: a NaN lane becomes the positive quiet NaN.
    const m = ctx.temp('v128');
    return emitParts((k) => {
      apply(same)(k);
      f.op('local.set', m);
      f.op('local.get', m);
      f.constFloat(elem.kind === 'float' && elem.format === 'f64' ? 'f64' : 'f32', Number.NaN);
      f.op(`${shape}.splat`);
      f.op('local.get', m).op('local.get', m).op(`${shape}.eq`);
      f.op('v128.bitselect');
    });
  }
  if (same !== undefined && !isBool(elem)) return emitParts(apply(same));
  if (name === 'arith.select') {
    const [cond, a, b] = operands as [ElementwiseOperand, VectorValue, VectorValue];
    if (!isVector(cond)) {
      return emitParts((k) => {
        get(a, k);
        get(b, k);
        f.op('local.get', cond.scalar).op('select');
      });
    }
    return emitParts((k) => {
      get(a, k);
      get(b, k);
      pushMaskFor(f, cond.parts, result.type.element, k);
      f.op('v128.bitselect');
    });
  }
  if ((name === 'arith.cmpf' || name === 'arith.cmpi') && !isBool(elem)) {
    const predicate = attrs.predicate?.kind === 'predicate' ? attrs.predicate.value : '';
    const op = name === 'arith.cmpf' ? SIMD_CMPF[predicate] : SIMD_CMPI[predicate];
    const bytes = laneLayoutOf(elem).bytes;
    if (op === undefined || bytes < 4 || (shape === 'i64x2' && op.endsWith('_u'))) return false;
    const [x, y] = vectors as [VectorValue, VectorValue];
    if (bytes === 4) return emitParts(apply(`${shape}.${op}`));
    // 64-bit lanes: compare part pairs, keep the low 32 bits of each lane mask.
    return emitParts((k) => {
      for (const half of [2 * k, Math.min(2 * k + 1, x.parts.length - 1)]) {
        get(x, half);
        get(y, half);
        f.op(`${shape}.${op}`);
      }
      f.shuffle(LOW_HALVES_OF_PAIR);
    });
  }
  if (isCastName(name)) return trySimdCast(ctx, name, first as VectorValue, result);
  return false;
}

function trySimdCast(
  ctx: VectorContext,
  name: string,
  src: VectorValue,
  result: VectorValue,
): boolean {
  const { f } = ctx;
  const from = src.type.element;
  const to = result.type.element;
  const fromShape = laneLayoutOf(from).shape;
  const toShape = laneLayoutOf(to).shape;
  const op = name.replace('arith.', '');
  const store = (k: number): void => {
    f.op('local.set', result.parts[k] as number);
  };
  if (isBool(from) || isBool(to)) return false;
  if ((op === 'bitcast' || op === 'index_cast' || op === 'index_castui') && fromShape === toShape) {
    src.parts.forEach((p, k) => {
      f.op('local.get', p);
      store(k);
    });
    return true;
  }
  const widening = fromShape === 'i32x4' && toShape === 'i64x2';
  if (widening && ['index_cast', 'index_castui', 'extsi', 'extui'].includes(op)) {
    const sign = op === 'index_cast' || op === 'extsi' ? 's' : 'u';
    result.parts.forEach((_, k) => {
      f.op('local.get', src.parts[k >> 1] as number);
      f.op(`i64x2.extend_${k % 2 === 0 ? 'low' : 'high'}_i32x4_${sign}`);
      store(k);
    });
    return true;
  }
  if (
    fromShape === 'i64x2' &&
    toShape === 'i32x4' &&
    ['index_cast', 'index_castui', 'trunci'].includes(op)
  ) {
    result.parts.forEach((_, k) => {
      f.op('local.get', src.parts[2 * k] as number);
      f.op('local.get', src.parts[Math.min(2 * k + 1, src.parts.length - 1)] as number);
      f.shuffle(LOW_HALVES_OF_PAIR);
      store(k);
    });
    return true;
  }
  if (fromShape === 'i32x4' && toShape === 'f32x4' && (op === 'sitofp' || op === 'uitofp')) {
    src.parts.forEach((p, k) => {
      f.op('local.get', p).op(`f32x4.convert_i32x4_${op === 'sitofp' ? 's' : 'u'}`);
      store(k);
    });
    return true;
  }
  return false;
}

/** `vector.broadcast` of a scalar local into every lane. */
export function lowerSplat(
  f: FunctionBuilder,
  scalar: number,
  elem: ScalarType,
  result: VectorValue,
): void {
  const shape = laneLayoutOf(elem).shape;
  for (const part of result.parts) {
    if (isBool(elem)) f.constInt('i32', 0);
    f.op('local.get', scalar);
    if (isBool(elem)) f.op('i32.sub');
    f.op(`${shape}.splat`).op('local.set', part);
  }
}

/** Writes a constant vector (lane values as numbers/bigints) into `result`. */
export function lowerVectorConstant(
  f: FunctionBuilder,
  values: readonly DenseElement[],
  splat: boolean,
  result: VectorValue,
  lanes: number,
): void {
  const elem = result.type.element;
  const { bytes, perPart } = laneLayoutOf(elem);
  result.parts.forEach((part, k) => {
    const buf = new DataView(new ArrayBuffer(16));
    for (let l = 0; l < perPart && k * perPart + l < lanes; l++) {
      const v = (splat ? values[0] : values[k * perPart + l]) as DenseElement;
      writeLane(buf, l * bytes, elem, v);
    }
    f.constV128(new Uint8Array(buf.buffer)).op('local.set', part);
  });
}

function writeLane(buf: DataView, at: number, elem: ScalarType, v: DenseElement): void {
  if (elem.kind === 'float') {
    if (elem.format === 'f32') buf.setUint32(at, Number(floatToBits(Number(v), 'f32')), true);
    else if (elem.format === 'f64') buf.setFloat64(at, Number(v), true);
    else throw new EngineUnsupportedError(`the wasm engine does not support ${elem.format}`);
    return;
  }
  const big = BigInt(v);
  if (isBool(elem)) buf.setInt32(at, big === 0n ? 0 : -1, true);
  else {
    const width = elem.kind === 'index' ? 64 : elem.width;
    if (width === 64) buf.setBigInt64(at, BigInt.asIntN(64, big), true);
    else if (width === 32) buf.setInt32(at, Number(BigInt.asIntN(32, big)), true);
    else if (width === 16) buf.setInt16(at, Number(BigInt.asIntN(16, big)), true);
    else buf.setInt8(at, Number(BigInt.asIntN(8, big)));
  }
}

/** `vector.reduction <kind>`: folds lanes in order (`((acc op v0) op v1) ...`) into `out`. */
export function lowerReduction(
  ctx: VectorContext,
  kind: CombiningKind,
  src: VectorValue,
  acc: number | undefined,
  out: number,
): void {
  const { f } = ctx;
  const elem = src.type.element;
  const foldOp = combiningOp(kind, elem.kind === 'float');
  if (foldOp === undefined)
    throw new EngineUnsupportedError(`vector.reduction <${kind}> on ${elem.kind}`);
  const fold = scalarLowering(foldOp);
  const lanes = laneCount(src.type, ctx.vscale);
  let start = 0;
  if (acc === undefined) {
    lanePusher(f, elem, src.parts, 0)();
    start = 1;
  } else {
    f.op('local.get', acc);
  }
  f.op('local.set', out);
  for (let lane = start; lane < lanes; lane++) {
    fold(ctx, [() => f.op('local.get', out), lanePusher(f, elem, src.parts, lane)], elem, elem, {});
    f.op('local.set', out);
  }
}
