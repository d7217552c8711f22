/**
 * Affine maps in parsed form: `affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>`.
 * Expressions keep the operators the source used (including `-`), so printing is stable.
 */

import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { LoopIrError } from '../loop-ir-error.js';
import {
  checkAffineExpr,
  checkAffineExprs,
  checkAffineMap,
  checkBinaryOp,
  checkCount,
  checkPosition,
} from './affine-arguments.js';
import type { AffineBinaryOp, AffineExpr, AffineMap } from './affine-types.js';

export type { AffineBinaryOp, AffineExpr, AffineMap } from './affine-types.js';

/** Raised when an affine map is evaluated with the wrong operands or divides by zero. */
export class AffineEvalError extends LoopIrError {
  override readonly name = 'AffineEvalError';
}

/**
 * The error of a `floordiv`, `ceildiv` or `mod` by zero. Every engine raises this one, so an
 * affine map fails alike wherever it runs.
 */
export function affineDivisionByZero(op: 'floordiv' | 'ceildiv' | 'mod'): AffineEvalError {
  if (op !== 'floordiv' && op !== 'ceildiv' && op !== 'mod') {
    throw new LoopIrArgumentError('op', "'floordiv', 'ceildiv' or 'mod'", op);
  }
  return new AffineEvalError(`affine ${op} by zero`);
}

/** `dN`. */
export function affineDim(position: number): AffineExpr {
  checkPosition(position, 'position');
  return Object.freeze({ kind: 'dim', position });
}

/** `sN`. */
export function affineSymbol(position: number): AffineExpr {
  checkPosition(position, 'position');
  return Object.freeze({ kind: 'symbol', position });
}

/** The range of affine constants: MLIR holds them as `int64_t`. */
export const AFFINE_CONSTANT_MIN = -(2n ** 63n);
/** The largest affine constant (`INT64_MAX`). */
export const AFFINE_CONSTANT_MAX = 2n ** 63n - 1n;

/**
 * An integer constant, held exactly as a bigint. Throws `LoopIrArgumentError` for a
 * non-integer or a value outside int64 (a number beyond ±2^53 is accepted only if it is an exact
 * integer).
 */
export function affineConstant(value: number | bigint): AffineExpr {
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    throw new LoopIrArgumentError('value', 'an integer number or bigint', value);
  }
  if (typeof value === 'number' && !Number.isInteger(value)) {
    throw new LoopIrArgumentError('value', 'an integer (affine constants are integers)', value);
  }
  const exact = BigInt(value);
  if (exact < AFFINE_CONSTANT_MIN || exact > AFFINE_CONSTANT_MAX) {
    throw new LoopIrArgumentError(
      'value',
      'an integer in the int64 range (MLIR holds affine constants as int64_t)',
      exact,
    );
  }
  return Object.freeze({ kind: 'constant', value: exact });
}

/** `lhs op rhs`. */
export function affineBinary(op: AffineBinaryOp, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  checkBinaryOp(op, 'op');
  checkAffineExpr(lhs, 'lhs');
  checkAffineExpr(rhs, 'rhs');
  return Object.freeze({ kind: 'binary', op, lhs, rhs });
}

/** Builds a frozen affine map. */
export function affineMap(
  numDims: number,
  numSymbols: number,
  results: readonly AffineExpr[],
): AffineMap {
  checkCount(numDims, 'numDims');
  checkCount(numSymbols, 'numSymbols');
  checkAffineExprs(results, 'results');
  return Object.freeze({ numDims, numSymbols, results: Object.freeze([...results]) });
}

/**
 * Structural equality of affine expressions.
 * @throws LoopIrArgumentError when `a` or `b` is no AffineExpr.
 */
export function affineExprEquals(a: AffineExpr, b: AffineExpr): boolean {
  checkAffineExpr(a, 'a');
  checkAffineExpr(b, 'b');
  return exprEquals(a, b);
}

/** `affineExprEquals` of checked expressions. */
function exprEquals(a: AffineExpr, b: AffineExpr): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'dim':
    case 'symbol':
      return a.position === (b as typeof a).position;
    case 'constant':
      return a.value === (b as typeof a).value;
    case 'binary': {
      const o = b as typeof a;
      return a.op === o.op && exprEquals(a.lhs, o.lhs) && exprEquals(a.rhs, o.rhs);
    }
  }
}

/**
 * Structural equality of affine maps.
 * @throws LoopIrArgumentError when `a` or `b` is no AffineMap.
 */
export function affineMapEquals(a: AffineMap, b: AffineMap): boolean {
  checkAffineMap(a, 'a');
  checkAffineMap(b, 'b');
  return (
    a.numDims === b.numDims &&
    a.numSymbols === b.numSymbols &&
    a.results.length === b.results.length &&
    a.results.every((r, i) => exprEquals(r, b.results[i] as AffineExpr))
  );
}

/** Floor division rounding toward negative infinity, as affine `floordiv` requires. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/**
 * Evaluates one expression with dims and symbols bound: exact in bigint, or, with `bits`, in
 * `bits`-wide two's complement after every operation (what `index` arithmetic lowered to
 * `arith` computes, so an interpreter agrees with compiled code past INT64_MAX).
 */
export function evaluateAffineExpr(
  expr: AffineExpr,
  dims: readonly bigint[],
  symbols: readonly bigint[],
  bits?: number,
): bigint {
  const value = exactAffineStep(expr, dims, symbols, bits);
  return bits === undefined ? value : BigInt.asIntN(bits, value);
}

function exactAffineStep(
  expr: AffineExpr,
  dims: readonly bigint[],
  symbols: readonly bigint[],
  bits: number | undefined,
): bigint {
  switch (expr.kind) {
    case 'dim':
      return bound(dims, expr.position, 'd');
    case 'symbol':
      return bound(symbols, expr.position, 's');
    case 'constant':
      return expr.value;
    case 'binary': {
      const l = evaluateAffineExpr(expr.lhs, dims, symbols, bits);
      const r = evaluateAffineExpr(expr.rhs, dims, symbols, bits);
      switch (expr.op) {
        case '+':
          return l + r;
        case '-':
          return l - r;
        case '*':
          return l * r;
        default: {
          if (r === 0n) throw affineDivisionByZero(expr.op);
          if (expr.op === 'floordiv') return floorDiv(l, r);
          if (expr.op === 'ceildiv') return -floorDiv(-l, r);
          const m = l % r; // `mod` is always non-negative for a positive divisor
          return m < 0n ? m + (r < 0n ? -r : r) : m;
        }
      }
    }
  }
}

function bound(values: readonly bigint[], position: number, prefix: string): bigint {
  const v = values[position];
  if (v === undefined) throw new AffineEvalError(`affine ${prefix}${position} is not bound`);
  return v;
}

/** Evaluates every result of `map` (operands: dims first, then symbols, as in `affine.apply`). */
export function evaluateAffineMap(
  map: AffineMap,
  operands: readonly bigint[],
  bits?: number,
): bigint[] {
  if (operands.length !== map.numDims + map.numSymbols) {
    throw new AffineEvalError(
      `affine map takes ${map.numDims} dims + ${map.numSymbols} symbols, got ${operands.length} operands`,
    );
  }
  const dims = operands.slice(0, map.numDims);
  const symbols = operands.slice(map.numDims);
  return map.results.map((r) => evaluateAffineExpr(r, dims, symbols, bits));
}
