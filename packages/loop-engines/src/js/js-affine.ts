/** JavaScript expressions for affine maps over `index` numbers (floor/ceil division, mod). */
import type { AffineExpr, AffineMap } from '@tilekit/loop-ir';

function expr(e: AffineExpr, dims: readonly string[], symbols: readonly string[]): string {
  switch (e.kind) {
    case 'dim':
      return dims[e.position] as string;
    case 'symbol':
      return symbols[e.position] as string;
    case 'constant':
      // Beyond ±2^53 the constant is not exact as a number: I() raises IndexRangeError.
      return Number.isSafeInteger(Number(e.value)) ? `${e.value}` : `I(${e.value})`;
    case 'binary': {
      const a = expr(e.lhs, dims, symbols);
      const b = expr(e.rhs, dims, symbols);
      if (e.op === '+' || e.op === '-' || e.op === '*') return `I(${a} ${e.op} ${b})`;
      // The divisor's first evaluation goes through Z, which raises the interpreter's
      // AffineEvalError for zero (JS would compute NaN).
      const checked = `Z(${b}, '${e.op}')`;
      // Exact integer forms: the remainder is exact, so the quotient below is an exact division.
      // `mod` is never negative, whatever the divisor's sign (as the interpreter's).
      if (e.op === 'mod') return `(((${a} % ${checked}) + Math.abs(${b})) % ${b})`;
      if (e.op === 'floordiv') return `((${a} - (((${a} % ${checked}) + ${b}) % ${b})) / ${b})`;
      return `(-((-(${a}) - (((-(${a}) % ${checked}) + ${b}) % ${b})) / ${b}))`;
    }
  }
}

/**
 * The expression of `affine.apply` (one result) or of the min/max over all results, given
 * the expressions of the map's dims and symbols.
 */
export function affineExpression(
  kind: 'apply' | 'min' | 'max',
  map: AffineMap,
  dims: readonly string[],
  symbols: readonly string[],
): string {
  const results = map.results.map((r) => expr(r, dims, symbols));
  if (kind === 'apply') return results[0] as string;
  return `Math.${kind}(${results.join(', ')})`;
}
