/** Affine map printing as MLIR's AsmPrinter does: `affine_map<(d0)[s0] -> (-d0 + s0, d0 - 1)>`. */
import type { AffineExpr, AffineMap } from '../ir/affine.js';
import { checkAffineMap } from '../ir/affine-arguments.js';

/**
 * How tightly the enclosing operator binds: the operand of `*`, `floordiv`, `ceildiv` or `mod`
 * is strong (a binary expression there is parenthesised), the operand of `+` is weak.
 */
type Binding = 'weak' | 'strong';

/** Prints one expression with MLIR's parentheses and its subtraction and negation forms. */
function printAffineExpr(e: AffineExpr, enclosing: Binding = 'weak'): string {
  switch (e.kind) {
    case 'dim':
      return `d${e.position}`;
    case 'symbol':
      return `s${e.position}`;
    case 'constant':
      return String(e.value);
    case 'binary': {
      const open = (text: string) => (enclosing === 'strong' ? `(${text})` : text);
      const rhsConstant = e.rhs.kind === 'constant' ? e.rhs.value : undefined;
      if (e.op !== '+' && e.op !== '-') {
        if (e.op === '*' && rhsConstant === -1n)
          return open(`-${printAffineExpr(e.lhs, 'strong')}`);
        return open(
          `${printAffineExpr(e.lhs, 'strong')} ${e.op} ${printAffineExpr(e.rhs, 'strong')}`,
        );
      }
      const lhs = printAffineExpr(e.lhs, 'weak');
      // Built (not parsed) subtractions keep their operator.
      if (e.op === '-') return open(`${lhs} - ${printAffineExpr(e.rhs, 'strong')}`);
      // An addend times a negative constant, or a negative constant, prints as a subtraction.
      const rhs = e.rhs;
      if (rhs.kind === 'binary' && rhs.op === '*' && rhs.rhs.kind === 'constant') {
        const factor = rhs.rhs.value;
        if (factor === -1n) {
          const binding = rhs.lhs.kind === 'binary' && rhs.lhs.op === '+' ? 'strong' : 'weak';
          return open(`${lhs} - ${printAffineExpr(rhs.lhs, binding)}`);
        }
        if (factor < -1n)
          return open(`${lhs} - ${printAffineExpr(rhs.lhs, 'strong')} * ${-factor}`);
      }
      if (rhsConstant !== undefined && rhsConstant < 0n) return open(`${lhs} - ${-rhsConstant}`);
      return open(`${lhs} + ${printAffineExpr(rhs, 'weak')}`);
    }
  }
}

/** The body after `affine_map`: `<(d0)[s0] -> (d0 + s0)>`. */
function printAffineMapBody(map: AffineMap): string {
  const dims = Array.from({ length: map.numDims }, (_, i) => `d${i}`).join(', ');
  const syms =
    map.numSymbols > 0
      ? `[${Array.from({ length: map.numSymbols }, (_, i) => `s${i}`).join(', ')}]`
      : '';
  return `<(${dims})${syms} -> (${map.results.map((r) => printAffineExpr(r)).join(', ')})>`;
}

/**
 * `affine_map<...>`.
 * @throws LoopIrArgumentError when `map` is no AffineMap (a field inside it is named:
 *   `map.results[0].lhs`).
 */
export function printAffineMap(map: AffineMap): string {
  checkAffineMap(map, 'map');
  return printCheckedAffineMap(map);
}

/** `printAffineMap` of a map already checked (printing an attribute checks the map it holds). */
export function printCheckedAffineMap(map: AffineMap): string {
  return `affine_map${printAffineMapBody(map)}`;
}
