/**
 * The expression tree of tensor index notation (what `parseNotation` builds and every pass
 * walks), with the bounds on its size. Types and limits only, so that the parser, the
 * argument checks and the planning passes can all name them without importing each other.
 */
/**
 * A window of one dimension of an operand (TACO's `i(lo, hi)` and `i(lo, hi, stride)`): the
 * elements `lo, lo + stride, …` below `hi` read as `i = 0, 1, …`, so the index ranges over
 * `ceil((hi - lo) / stride)` values. Bounds are non-negative integers, `lo <= hi`,
 * `stride >= 1`.
 */
export interface IndexWindow {
  readonly lo: number;
  readonly hi: number;
  readonly stride: number;
}

/**
 * An affine subscript `c1*i1 + c2*i2 + ... + offset` (`i+k`, `2*i+k`, `i+1`, `3`): positive
 * integer coefficients on distinct index variables and a non-negative integer offset, so
 * that every coordinate it reaches lies at or above its value at all indices zero.
 */
export interface AffineSubscript {
  readonly terms: readonly { readonly index: string; readonly coefficient: number }[];
  readonly offset: number;
}

/** A tensor read (`A(i,j)`); a rank-0 access (`s`, `s()`) reads a scalar. */
export interface AccessExpr {
  readonly kind: 'access';
  readonly tensor: string;
  /**
   * Per dimension, its index variable; a dimension with an affine subscript (`I(i+k, j)`) has
   * its subscript's text there (`'i+k'`, see {@link AccessExpr.subscripts}).
   */
  readonly indices: readonly string[];
  /**
   * Per dimension, its subscript as an affine form; present only when some dimension's
   * subscript is not a bare index variable (MLIR's non-projected-permutation indexing maps,
   * convolutions). Such an access is read by locating each element, never iterated.
   */
  readonly subscripts?: readonly AffineSubscript[];
  /**
   * Per index, its window (`A(i(1,5,2), j)`: `[{lo: 1, hi: 5, stride: 2}, null]`); absent
   * when no index of the access is windowed.
   */
  readonly windows?: readonly (IndexWindow | null)[];
}

/** A numeric literal. */
export interface ConstExpr {
  readonly kind: 'const';
  readonly value: number;
}

/** The value of an index variable at the current iteration (MLIR's `linalg.index`). */
export interface IndexExpr {
  readonly kind: 'index';
  readonly index: string;
}

/** Negation. */
export interface NegExpr {
  readonly kind: 'neg';
  readonly operand: Expr;
}

/** Binary operators. */
export type BinaryOp = '+' | '-' | '*' | '/';

/** A binary arithmetic operation. */
export interface BinaryExpr {
  readonly kind: 'binary';
  readonly op: BinaryOp;
  readonly lhs: Expr;
  readonly rhs: Expr;
}

/** Comparison operators of a `select` condition. */
export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** A comparison, the condition of a `select` (its value is a boolean, not a number). */
export interface CompareExpr {
  readonly kind: 'compare';
  readonly op: CompareOp;
  readonly lhs: Expr;
  readonly rhs: Expr;
}

/** Functions of the notation and their arity. */
export const FUNCTION_ARITY: ReadonlyMap<string, number> = new Map([
  ['sqrt', 1],
  ['exp', 1],
  ['abs', 1],
  ['max', 2],
  ['min', 2],
  ['select', 3],
]);

/**
 * A function name (`sqrt`, `exp`, `abs`, `max`, `min`, `select`); the first argument of
 * `select` is a {@link CompareExpr}.
 */
export type FunctionName = 'sqrt' | 'exp' | 'abs' | 'max' | 'min' | 'select';

/** A function application. */
export interface CallExpr {
  readonly kind: 'call';
  readonly fn: FunctionName;
  readonly args: readonly Expr[];
}

/** How a reduction combines its terms: a sum, or the least or greatest of them. */
export type Reducer = 'sum' | 'min' | 'max';

/**
 * A reduction over one index: `sum(k, body)` sums `body` over every value of `k`; with
 * `reducer` `min` or `max` (what `min(body)` and `max(body)` parse to, one node per reduced
 * index) it takes the least or greatest value instead, implicit zeros included.
 */
export interface SumExpr {
  readonly kind: 'sum';
  readonly index: string;
  readonly body: Expr;
  /** `min` or `max`; absent for a sum. */
  readonly reducer?: Exclude<Reducer, 'sum'>;
}

/** The reducer of a reduction node (`sum` where it names none). */
export function reducerOf(e: SumExpr): Reducer {
  return e.reducer ?? 'sum';
}

/** Right-hand side expressions. */
export type Expr =
  | AccessExpr
  | ConstExpr
  | IndexExpr
  | NegExpr
  | BinaryExpr
  | CompareExpr
  | CallExpr
  | SumExpr;

/** How the output is updated. */
export type AssignOp = '=' | '+=' | '*=';

/** A parsed kernel. */
export interface Notation {
  readonly source: string;
  readonly output: AccessExpr;
  readonly op: AssignOp;
  readonly rhs: Expr;
}

/** Deepest nesting of an expression tree (parentheses, operators, unary minus, calls). */
export const MAX_EXPRESSION_DEPTH = 256;
/** Most nodes an expression may have. */
export const MAX_EXPRESSION_NODES = 4096;
/** Longest notation accepted, in characters. */
export const MAX_NOTATION_LENGTH = 65536;

/** Names that are functions, hence never tensors. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([...FUNCTION_ARITY.keys(), 'sum']);
