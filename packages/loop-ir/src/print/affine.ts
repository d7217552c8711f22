/** Affine map printing: `affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>`. */
import type { AffineExpr, AffineMap } from '../ir/affine.js';

const WEAK = new Set(['+', '-']);

function isWeak(e: AffineExpr): boolean {
  return e.kind === 'binary' && WEAK.has(e.op);
}

/** Prints one expression with the minimal parentheses MLIR's grammar needs. */
function printAffineExpr(e: AffineExpr): string {
  switch (e.kind) {
    case 'dim':
      return `d${e.position}`;
    case 'symbol':
      return `s${e.position}`;
    case 'constant':
      return String(e.value);
    case 'binary': {
      if (e.op === '*' && e.rhs.kind === 'constant' && e.rhs.value === -1n) {
        return `-${wrap(e.lhs, e.lhs.kind === 'binary')}`;
      }
      const lhs = wrap(e.lhs, !WEAK.has(e.op) && isWeak(e.lhs));
      // Operators are left-associative: a right operand of the same strength needs parens.
      const rhs = wrap(e.rhs, e.rhs.kind === 'binary' && (WEAK.has(e.op) ? isWeak(e.rhs) : true));
      return `${lhs} ${e.op} ${rhs}`;
    }
  }
}

function wrap(e: AffineExpr, parens: boolean): string {
  const text = printAffineExpr(e);
  return parens ? `(${text})` : text;
}

/** The body after `affine_map`: `<(d0)[s0] -> (d0 + s0)>`. */
function printAffineMapBody(map: AffineMap): string {
  const dims = Array.from({ length: map.numDims }, (_, i) => `d${i}`).join(', ');
  const syms =
    map.numSymbols > 0
      ? `[${Array.from({ length: map.numSymbols }, (_, i) => `s${i}`).join(', ')}]`
      : '';
  return `<(${dims})${syms} -> (${map.results.map(printAffineExpr).join(', ')})>`;
}

/** `affine_map<...>`. */
export function printAffineMap(map: AffineMap): string {
  return `affine_map${printAffineMapBody(map)}`;
}
