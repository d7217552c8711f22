/**
 * Run-time helpers of generated JavaScript: the `index` range guard and the bridge to the
 * interpreter's semantics for ops the code generator does not inline.
 */

import type { Operation, ScalarType } from '@tilekit/loop-ir';
import type { ExecContext, RuntimeValue, Scalar } from '@tilekit/loop-ir/semantics';
import { ELEMENTWISE_SEMANTICS } from '@tilekit/loop-ir/semantics';
import { EngineRuntimeError, EngineUnsupportedError } from '../errors.js';
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
  R(k: number, ...args: (number | bigint)[]): number | bigint;
  /** Raises for an `scf.for` whose step is not positive (it would never terminate). */
  badStep(): never;
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
): JsRuntime {
  const ctx: ExecContext = {
    vscale,
    maxWhileIterations: Number.POSITIVE_INFINITY,
    runRegion: () => {
      throw new EngineUnsupportedError('regions inside element-wise ops');
    },
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
    badStep() {
      throw new EngineRuntimeError(fnName, 'scf.for step must be positive');
    },
    R(k, ...args) {
      const r = refs[k] as ReferenceOp;
      const out = (semantics[k] as NonNullable<(typeof semantics)[number]>)(
        r.op,
        args.map((a, i) => toReference(a, r.operandTypes[i] as ScalarType)),
        ctx,
      );
      const v = fromReference(out[0] as RuntimeValue, r.resultType);
      return r.resultType.kind === 'index' ? I(v as number) : v;
    },
  };
}
