/**
 * Shader types and expressions for scalar IR, in WGSL or GLSL ES 3.00 spelling (a
 * {@link ShaderDialect}). `f32` is a 32-bit float; `i32`, `i64` and `index` are all held as a
 * 32-bit int (exact while every value stays in [-2^31, 2^31), which the callers guarantee by
 * checking extents and storage sizes before running a shader); `i1` is `bool`. Every other
 * type, and every op without a rule here, is an {@link EngineUnsupportedError}, which the
 * caller answers by running the host loops instead.
 */
import type { Attribute, Operation, Type } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import { FLOAT_INFIX, INT_INFIX } from '../infix-operators.js';

/** The kind of shader value a scalar IR type is held in. */
export type ShaderType = 'f32' | 'i32' | 'bool';

/** How a shading language spells types, literals and the few expressions that differ. */
export interface ShaderDialect {
  readonly name: string;
  /** The language's name of each {@link ShaderType}. */
  readonly types: Readonly<Record<ShaderType | 'u32', string>>;
  /** Logical and/or on bools. */
  readonly and: string;
  readonly or: string;
  /** `c ? t : f`. */
  select(c: string, t: string, f: string): string;
  /** A 32-bit int literal. */
  intLiteral(v: bigint): string;
  /** A float literal (finite, already rounded to f32). */
  floatLiteral(v: number): string;
  /** The f32 whose bit pattern is the u32 expression `bits`. */
  floatFromBits(bits: string): string;
}

/** WGSL spelling. */
export const WGSL: ShaderDialect = {
  name: 'wgsl',
  types: { f32: 'f32', i32: 'i32', bool: 'bool', u32: 'u32' },
  and: '&',
  or: '|',
  select: (c, t, f) => `select(${f}, ${t}, ${c})`,
  // i32's most negative value has no literal form.
  intLiteral: (v) => (v === -(2n ** 31n) ? 'i32(-2147483647 - 1)' : `i32(${v})`),
  floatLiteral: (v) => `f32(${Object.is(v, -0) ? '-0.0' : v.toExponential()})`,
  floatFromBits: (bits) => `bitcast<f32>(${bits})`,
};

/** GLSL ES 3.00 spelling. */
export const GLSL: ShaderDialect = {
  name: 'glsl',
  types: { f32: 'float', i32: 'int', bool: 'bool', u32: 'uint' },
  and: '&&',
  or: '||',
  select: (c, t, f) => `(${c} ? ${t} : ${f})`,
  intLiteral: (v) => (v === -(2n ** 31n) ? '(-2147483647 - 1)' : `${v}`),
  floatLiteral: (v) => (Object.is(v, -0) ? '-0.0' : v.toExponential()),
  floatFromBits: (bits) => `uintBitsToFloat(${bits})`,
};

/** The shader type of `t`, or an EngineUnsupportedError. */
export function shaderTypeOf(t: Type): ShaderType {
  if (t.kind === 'float' && t.format === 'f32') return 'f32';
  if (t.kind === 'index') return 'i32';
  if (t.kind === 'integer' && t.width === 1) return 'bool';
  if (t.kind === 'integer' && (t.width === 32 || t.width === 64)) return 'i32';
  // NOTE: no f64 (neither WGSL nor GLSL ES has one) and no i8/i16 storage yet.
  throw new EngineUnsupportedError(`shaders hold no ${describe(t)} values`);
}

function describe(t: Type): string {
  if (t.kind === 'integer') return `i${t.width}`;
  if (t.kind === 'float') return t.format;
  return t.kind;
}

/**
 * The u32 literal of a non-finite f32 constant's bit pattern (`0x7f800000u` for +∞), or
 * undefined where `attr` is not one. Neither language has a literal for ±∞ or NaN, so these
 * constants are built from their bits.
 */
export function nonFiniteBits(attr: Attribute | undefined, t: Type): string | undefined {
  if (attr?.kind !== 'float' || Number.isFinite(attr.value)) return undefined;
  shaderTypeOf(t);
  const bits = attr.bits ?? BigInt(new Uint32Array(Float32Array.of(attr.value).buffer)[0] ?? 0);
  return `0x${bits.toString(16)}u`;
}

/** A literal of a constant attribute in type `t` (a finite one, for floats). */
export function shaderLiteral(d: ShaderDialect, attr: Attribute | undefined, t: Type): string {
  const w = shaderTypeOf(t);
  if (attr?.kind === 'bool') return attr.value ? 'true' : 'false';
  if (attr?.kind === 'integer') {
    if (w === 'bool') return attr.value !== 0n ? 'true' : 'false';
    const v = BigInt.asIntN(32, attr.value);
    if (v !== attr.value && !(t.kind === 'integer' && t.width === 32))
      throw new EngineUnsupportedError(`constant ${attr.value} does not fit 32 bits`);
    return d.intLiteral(v);
  }
  if (attr?.kind === 'float') {
    if (!Number.isFinite(attr.value))
      throw new EngineUnsupportedError(`constant ${attr.value} has no ${d.name} literal`);
    return d.floatLiteral(Math.fround(attr.value));
  }
  throw new EngineUnsupportedError(`unsupported constant attribute ${attr?.kind}`);
}

const SIGNED_CMP: Readonly<Record<string, string>> = {
  eq: '==',
  ne: '!=',
  slt: '<',
  sle: '<=',
  sgt: '>',
  sge: '>=',
};
const UNSIGNED_CMP: Readonly<Record<string, string>> = { ult: '<', ule: '<=', ugt: '>', uge: '>=' };
const FLOAT_CMP: Readonly<Record<string, string>> = {
  oeq: '==',
  olt: '<',
  ole: '<=',
  ogt: '>',
  oge: '>=',
  une: '!=',
};

/** The expression of scalar op `op` on operand expressions `args`. */
export function shaderScalarExpr(d: ShaderDialect, op: Operation, args: readonly string[]): string {
  const [a, b, c] = args as [string, string, string];
  const opType = shaderTypeOf((op.operands[0] as { type: Type }).type);
  const resType = op.results[0] === undefined ? opType : shaderTypeOf(op.results[0].type);
  const { i32, f32, u32 } = d.types;
  const predicate =
    op.attributes.predicate?.kind === 'predicate' ? op.attributes.predicate.value : '';
  const intOp = INT_INFIX[op.name];
  if (intOp !== undefined) {
    if (opType === 'bool') {
      if (intOp === '&' || intOp === '*') return `(${a} ${d.and} ${b})`;
      if (intOp === '|') return `(${a} ${d.or} ${b})`;
      return `(${a} != ${b})`;
    }
    return `(${a} ${intOp} ${b})`;
  }
  const floatOp = FLOAT_INFIX[op.name];
  if (floatOp !== undefined) return `(${a} ${floatOp} ${b})`;
  switch (op.name) {
    case 'arith.negf':
      return `(-${a})`;
    case 'math.absf':
      return `abs(${a})`;
    case 'math.sqrt':
      return `sqrt(${a})`;
    case 'arith.select':
      return d.select(a, b, c);
    case 'arith.cmpi': {
      const s = SIGNED_CMP[predicate];
      if (s !== undefined) return `(${a} ${s} ${b})`;
      const u = UNSIGNED_CMP[predicate];
      if (u !== undefined && opType === 'i32') return `(${u32}(${a}) ${u} ${u32}(${b}))`;
      break;
    }
    case 'arith.cmpf': {
      const f = FLOAT_CMP[predicate];
      if (f !== undefined) return `(${a} ${f} ${b})`;
      break;
    }
    case 'arith.extui':
    case 'arith.extsi':
    case 'arith.trunci':
    case 'arith.index_cast':
    case 'arith.index_castui':
      if (opType === resType) return a;
      if (opType === 'bool' && resType === 'i32')
        return op.name === 'arith.extsi' ? `(-${i32}(${a}))` : `${i32}(${a})`;
      if (opType === 'i32' && resType === 'bool') return `((${a} & 1) != 0)`;
      break;
    case 'arith.sitofp':
      if (opType === 'i32') return `${f32}(${a})`;
      break;
    case 'arith.uitofp':
      if (opType === 'i32') return `${f32}(${u32}(${a}))`;
      break;
    case 'arith.fptosi':
      if (resType === 'i32') return `${i32}(${a})`;
      break;
    case 'arith.minsi':
      return `min(${a}, ${b})`;
    case 'arith.maxsi':
      return `max(${a}, ${b})`;
    case 'arith.minimumf':
    case 'arith.minnumf':
      return `min(${a}, ${b})`;
    case 'arith.maximumf':
    case 'arith.maxnumf':
      return `max(${a}, ${b})`;
  }
  throw new EngineUnsupportedError(
    `the ${d.name} engine cannot compile ${op.name}${predicate === '' ? '' : ` ${predicate}`} on ${opType}`,
  );
}
