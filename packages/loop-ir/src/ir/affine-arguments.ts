/**
 * The checks of what a caller passes the affine builders, comparators and evaluators: an
 * expression, map, position or constant that is not one is a `LoopIrArgumentError` naming the
 * argument (the field at fault inside an expression: `map.results[0].lhs`), before any work.
 * Expressions are trees; one nested deeper than any real map, or a cycle, is refused rather than
 * walked until the stack overflows.
 */
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { MAX_NESTING_DEPTH } from '../parse/nesting.js';
import type { AffineExpr, AffineMap } from './affine-types.js';

const BINARY_OPS: readonly unknown[] = ['+', '-', '*', 'floordiv', 'ceildiv', 'mod'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `value` is a position of a dim or symbol: a non-negative integer. */
export function checkPosition(value: unknown, argument: string): asserts value is number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new LoopIrArgumentError(argument, 'a non-negative integer position', value);
  }
}

/** `value` is one of the binary operators of affine expressions. */
export function checkBinaryOp(value: unknown, argument: string): void {
  if (!BINARY_OPS.includes(value)) {
    throw new LoopIrArgumentError(argument, `one of ${BINARY_OPS.join(' ')}`, value);
  }
}

/** `value` is an affine expression, checked all the way down. */
export function checkAffineExpr(
  value: unknown,
  argument: string,
  depth = 0,
): asserts value is AffineExpr {
  if (depth > MAX_NESTING_DEPTH) {
    throw new LoopIrArgumentError(
      argument,
      `an AffineExpr nested at most ${MAX_NESTING_DEPTH} deep`,
      value,
    );
  }
  if (!isObject(value)) throw new LoopIrArgumentError(argument, 'an AffineExpr', value);
  switch (value.kind) {
    case 'dim':
    case 'symbol':
      checkPosition(value.position, `${argument}.position`);
      return;
    case 'constant':
      if (typeof value.value !== 'bigint') {
        throw new LoopIrArgumentError(`${argument}.value`, 'a bigint', value.value);
      }
      return;
    case 'binary':
      checkBinaryOp(value.op, `${argument}.op`);
      checkAffineExpr(value.lhs, `${argument}.lhs`, depth + 1);
      checkAffineExpr(value.rhs, `${argument}.rhs`, depth + 1);
      return;
    default:
      throw new LoopIrArgumentError(
        `${argument}.kind`,
        "'dim', 'symbol', 'constant' or 'binary'",
        value.kind,
      );
  }
}

/** `value` is an array of affine expressions (walked by index: it stops at the first hole). */
export function checkAffineExprs(value: unknown, argument: string): asserts value is AffineExpr[] {
  if (!Array.isArray(value))
    throw new LoopIrArgumentError(argument, 'an array of AffineExprs', value);
  for (let i = 0; i < value.length; i++) checkAffineExpr(value[i], `${argument}[${i}]`);
}

/** `value` is an affine map: dim and symbol counts and its result expressions. */
export function checkAffineMap(value: unknown, argument: string): asserts value is AffineMap {
  if (!isObject(value)) throw new LoopIrArgumentError(argument, 'an AffineMap', value);
  checkCount(value.numDims, `${argument}.numDims`);
  checkCount(value.numSymbols, `${argument}.numSymbols`);
  checkAffineExprs(value.results, `${argument}.results`);
}

/** `value` is a count of dims or symbols. */
export function checkCount(value: unknown, argument: string): asserts value is number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new LoopIrArgumentError(argument, 'a non-negative integer count', value);
  }
}
