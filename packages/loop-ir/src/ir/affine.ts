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

/** `value` is a list of bigint operands (its elements are checked where they are read). */
function expectBigints(value: unknown, argument: string): asserts value is readonly bigint[] {
  if (!Array.isArray(value)) throw new LoopIrArgumentError(argument, 'an array of bigints', value);
}

/** `value` is undefined or a two's complement width from 1 to 64. */
function expectBits(value: unknown): asserts value is number | undefined {
  if (
    value !== undefined &&
    (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 64)
  ) {
    throw new LoopIrArgumentError('bits', 'undefined or an integer width from 1 to 64', value);
  }
}

/**
 * Evaluates one expression with dims and symbols bound: exact in bigint, or, with `bits`, in
 * `bits`-wide two's complement after every operation (what `index` arithmetic lowered to
 * `arith` computes, so an interpreter agrees with compiled code past INT64_MAX).
 * @throws LoopIrArgumentError when `expr` is no AffineExpr, `dims` or `symbols` no array
 *   holding a bigint at each position the expression reads, or `bits` no width from 1 to 64;
 *   AffineEvalError for a division by zero.
 */
export function evaluateAffineExpr(
  expr: AffineExpr,
  dims: readonly bigint[],
  symbols: readonly bigint[],
  bits?: number,
): bigint {
  checkAffineExpr(expr, 'expr');
  expectBigints(dims, 'dims');
  expectBigints(symbols, 'symbols');
  expectBits(bits);
  return evaluateExpr(expr, dims, symbols, bits);
}

/** `evaluateAffineExpr` of checked arguments. */
function evaluateExpr(
  expr: AffineExpr,
  dims: readonly bigint[],
  symbols: readonly bigint[],
  bits: number | undefined,
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
      return bound(dims, expr.position, 'dims');
    case 'symbol':
      return bound(symbols, expr.position, 'symbols');
    case 'constant':
      return expr.value;
    case 'binary': {
      const l = evaluateExpr(expr.lhs, dims, symbols, bits);
      const r = evaluateExpr(expr.rhs, dims, symbols, bits);
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

/** The bigint at `position` of `values` (the dims or symbols, named by `argument`). */
function bound(values: readonly bigint[], position: number, argument: string): bigint {
  const v = values[position];
  if (typeof v !== 'bigint') {
    throw new LoopIrArgumentError(
      `${argument}[${position}]`,
      'a bigint (the expression reads it)',
      v,
    );
  }
  return v;
}

/**
 * Evaluates every result of `map` (operands: dims first, then symbols, as in `affine.apply`).
 * @throws LoopIrArgumentError when `map` is no AffineMap, `operands` no array of one bigint per
 *   dim and symbol of the map, or `bits` no width from 1 to 64; AffineEvalError for a division
 *   by zero.
 */
export function evaluateAffineMap(
  map: AffineMap,
  operands: readonly bigint[],
  bits?: number,
): bigint[] {
  checkAffineMap(map, 'map');
  for (const r of map.results) {
    if (!readsWithin(r, map.numDims, map.numSymbols)) {
      throw new LoopIrArgumentError(
        'map',
        'an AffineMap whose results read only its own dims and symbols',
        map,
      );
    }
  }
  expectBigints(operands, 'operands');
  for (let i = 0; i < operands.length; i++) {
    if (typeof operands[i] !== 'bigint')
      throw new LoopIrArgumentError(`operands[${i}]`, 'a bigint', operands[i]);
  }
  expectBits(bits);
  return evaluateCheckedAffineMap(map, operands, bits);
}

/** Whether `expr` reads only dims below `numDims` and symbols below `numSymbols`. */
function readsWithin(expr: AffineExpr, numDims: number, numSymbols: number): boolean {
  switch (expr.kind) {
    case 'dim':
      return expr.position < numDims;
    case 'symbol':
      return expr.position < numSymbols;
    case 'constant':
      return true;
    case 'binary':
      return (
        readsWithin(expr.lhs, numDims, numSymbols) && readsWithin(expr.rhs, numDims, numSymbols)
      );
  }
}

/**
 * `evaluateAffineMap` of a map known to be one (a verified op's, which the interpreter
 * evaluates at every step), so it is not walked twice; a missing or non-bigint operand is
 * still named.
 */
export function evaluateCheckedAffineMap(
  map: AffineMap,
  operands: readonly bigint[],
  bits?: number,
): bigint[] {
  if (operands.length !== map.numDims + map.numSymbols) {
    throw new LoopIrArgumentError(
      'operands',
      `${map.numDims} dims + ${map.numSymbols} symbols, as many operands as the map takes`,
      operands,
    );
  }
  const dims = operands.slice(0, map.numDims);
  const symbols = operands.slice(map.numDims);
  return map.results.map((r) => evaluateExpr(r, dims, symbols, bits));
}
