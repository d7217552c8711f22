/**
 * Run-time helpers of generated JavaScript: the `index` range guard and the bridge to the
 * interpreter's semantics for ops the code generator does not inline.
 */

import type { Operation } from '@tilekit/loop-ir';
import { affineDivisionByZero, bitsToFloat, floatToBits, type ScalarType } from '@tilekit/loop-ir';
import type { ExecContext, RuntimeValue, Scalar } from '@tilekit/loop-ir/semantics';
import { ELEMENTWISE_SEMANTICS } from '@tilekit/loop-ir/semantics';
import { EngineRuntimeError, EngineUnsupportedError } from '../errors.js';
import { whileBoundText } from '../while-bound.js';
import { jsClassOf } from './js-scalar.js';

/** Raised when an `index` value leaves the range the js engine represents exactly (±2^53). */
export class IndexRangeError extends EngineRuntimeError {}

const LIMIT = Number.MAX_SAFE_INTEGER;

/** An op evaluated through the interpreter's semantics. */
export interface ReferenceOp {
  readonly op: Operation;
  readonly operandTypes: readonly ScalarType[];
  readonly resultType: ScalarType;
}

/** What generated code receives as `rt`. */
export interface JsRuntime {
  /** Checks that an index result is exact. */
  I(x: number): number;
  /** Evaluates reference op `k` on JS-represented operands. */
  R(k: number, a?: number | bigint, b?: number | bigint, c?: number | bigint): number | bigint;
  /** Raises for an `scf.for` whose step is not positive (it would never terminate). */
  badStep(): never;
  /** Raises for an `scf.while` that ran past the compiled bound. */
  whileLimit(): never;
  /** The divisor `b` of an affine `op`, or the interpreter's AffineEvalError when it is 0. */
  Z(b: number, op: 'floordiv' | 'ceildiv' | 'mod'): number;
  /** The f64 whose bits are `hi:lo` (a NaN constant with its payload and sign). */
  N(hi: number, lo: number): number;
  /** Reads f32 element `at`; a NaN comes from its bits (a Float32Array read quiets it). */
  L32(data: Float32Array, bits: Uint32Array, at: number): number;
  /** Writes f32 element `at`; a NaN goes in as its bits (a Float32Array write quiets it). */
  S32(data: Float32Array, bits: Uint32Array, at: number, v: number): void;
  /** `x` rounded to f32, a NaN left as it is (the reference's rounding). */
  F32(x: number): number;
  /** The bits of an f64 as a (signed) i64: `arith.bitcast` f64 to i64. */
  F2I(x: number): bigint;
  /** The f64 with the bits of an i64: `arith.bitcast` i64 to f64. */
  I2F(x: bigint): number;
}

const scratch = new DataView(new ArrayBuffer(8));

/** The f64 whose bit pattern is `hi:lo`. */
function fromBits(hi: number, lo: number): number {
  scratch.setUint32(0, hi);
  scratch.setUint32(4, lo);
  return scratch.getFloat64(0);
}

function f64Bits(x: number): bigint {
  scratch.setFloat64(0, x);
  return scratch.getBigInt64(0);
}

function f64FromBits(x: bigint): number {
  scratch.setBigInt64(0, x);
  return scratch.getFloat64(0);
}

function loadF32(data: Float32Array, bits: Uint32Array, at: number): number {
  const v = data[at] as number;
  return Number.isNaN(v) ? bitsToFloat(BigInt(bits[at] as number), 'f32') : v;
}

function storeF32(data: Float32Array, bits: Uint32Array, at: number, v: number): void {
  if (!Number.isNaN(v)) data[at] = v;
  else bits[at] = Number(floatToBits(v, 'f32'));
}

function toReference(v: number | bigint, t: ScalarType): Scalar {
  if (t.kind === 'float') return v as number;
  return typeof v === 'bigint' ? v : BigInt(v);
}

function fromReference(v: RuntimeValue, t: ScalarType): number | bigint {
  if (typeof v === 'number') return v;
  if (typeof v !== 'bigint') throw new EngineUnsupportedError('reference op returned a non-scalar');
  const cls = jsClassOf(t);
  if (cls === 'i64') return v;
  return Number(v);
}

/** Builds the runtime for one compiled function. */
export function makeRuntime(
  fnName: string,
  refs: readonly ReferenceOp[],
  vscale: number,
  whileBound = Number.POSITIVE_INFINITY,
): JsRuntime {
  const ctx: ExecContext = {
    vscale,
    maxWhileIterations: Number.POSITIVE_INFINITY,
    runRegion: () => {
      throw new EngineUnsupportedError('regions inside element-wise ops');
    },
    // NOTE: no compiled engine lowers func.call; a kernel that calls runs in the interpreter.
    call: () => {
      throw new EngineUnsupportedError('func.call');
    },
  };
  const semantics = refs.map((r) => {
    const s = ELEMENTWISE_SEMANTICS.get(r.op.name);
    if (s === undefined)
      throw new EngineUnsupportedError(`the js engine cannot compile ${r.op.name}`);
    return s;
  });
  const I = (x: number): number => {
    if (x <= LIMIT && x >= -LIMIT) return x;
    throw new IndexRangeError(
      fnName,
      `index value ${x} is outside ±2^53 (use the interpreter or wasm engine)`,
    );
  };
  return {
    I,
    N: fromBits,
    Z: (b, op) => {
      if (b === 0) throw affineDivisionByZero(op);
      return b;
    },
    L32: loadF32,
    S32: storeF32,
    F32: (x) => (Number.isNaN(x) ? x : Math.fround(x)),
    F2I: f64Bits,
    I2F: f64FromBits,
    badStep() {
      throw new EngineRuntimeError(fnName, 'scf.for step must be positive');
    },
    whileLimit() {
      throw new EngineRuntimeError(fnName, whileBoundText(whileBound));
    },
    R(k, a, b, c) {
      const r = refs[k] as ReferenceOp;
      // Element-wise ops take at most three operands. The array is built in V8's generic
      // elements kind: an array of numbers may be unboxed, which canonicalizes NaN payloads.
      const operands = new Array<Scalar | undefined>(r.operandTypes.length).fill(undefined);
      r.operandTypes.forEach((t, i) => {
        operands[i] = toReference((i === 0 ? a : i === 1 ? b : c) as number | bigint, t);
      });
      const out = (semantics[k] as NonNullable<(typeof semantics)[number]>)(
        r.op,
        operands as Scalar[],
        ctx,
      );
      const v = fromReference(out[0] as RuntimeValue, r.resultType);
      return r.resultType.kind === 'index' ? I(v as number) : v;
    },
  };
}
