/**
 * The shapes of affine expressions and maps, as MLIR's `AffineExpr` / `AffineMap`: their own
 * file, so the builders (affine.ts) and the argument checks they run (affine-arguments.ts) both
 * read them without importing each other.
 */

/** Binary affine operators, in MLIR's spelling. */
export type AffineBinaryOp = '+' | '-' | '*' | 'floordiv' | 'ceildiv' | 'mod';

/** One affine expression node. */
export type AffineExpr =
  | { readonly kind: 'dim'; readonly position: number }
  | { readonly kind: 'symbol'; readonly position: number }
  | { readonly kind: 'constant'; readonly value: bigint }
  | {
      readonly kind: 'binary';
      readonly op: AffineBinaryOp;
      readonly lhs: AffineExpr;
      readonly rhs: AffineExpr;
    };

/** `(d0..)[s0..] -> (results)`. */
export interface AffineMap {
  readonly numDims: number;
  readonly numSymbols: number;
  readonly results: readonly AffineExpr[];
}
