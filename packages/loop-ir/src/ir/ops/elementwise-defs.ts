/**
 * Definition factories for the element-wise op families that `arith` and `math` repeat:
 * ops whose operands and result share one type, and comparisons producing an i1 (vector).
 */
import { type Constraint, defineOp, type ElementKind, type OpDef } from '../op-def.js';

const ELEMENTWISE_TRAITS = ['pure', 'elementwise'] as const;

/** Operand names of the one- and two-operand forms, which fix the assembly format too. */
const OPERANDS = {
  unary: ['operand'],
  binary: ['lhs', 'rhs'],
} as const;

/**
 * An element-wise op whose operands and result have one type with elements of `kind`
 * (`arith.addf`, `math.sqrt`, ...). `scalarOrVector` also rejects memref-typed operands;
 * the ops that never had that constraint pass `false`, so their verification is unchanged.
 */
export function sameTypeElementwiseOp(
  name: string,
  arity: keyof typeof OPERANDS,
  kind: ElementKind,
  scalarOrVector: boolean,
): OpDef {
  const operands = OPERANDS[arity];
  const constraints: Constraint[] = [{ rule: 'sameType', refs: [...operands, 'result'] }];
  if (scalarOrVector)
    constraints.push({ rule: 'typeKind', refs: ['result'], kinds: ['scalarOrVector'] });
  constraints.push({ rule: 'elementKind', refs: ['result'], kinds: [kind] });
  return defineOp(name, {
    operands,
    results: ['result'],
    format: arity,
    traits: ELEMENTWISE_TRAITS,
    constraints,
  });
}

/** A comparison (`arith.cmpi`, `arith.cmpf`): a predicate attribute, two `kind` operands of one type, an i1-like result. */
export function compareOp(name: string, kind: ElementKind): OpDef {
  return defineOp(name, {
    operands: OPERANDS.binary,
    results: ['result'],
    format: 'cmp',
    traits: ELEMENTWISE_TRAITS,
    constraints: [
      { rule: 'attr', name: 'predicate', kind: 'predicate' },
      { rule: 'sameType', refs: ['lhs', 'rhs'] },
      { rule: 'elementKind', refs: ['lhs'], kinds: [kind] },
      { rule: 'boolLike', ref: 'result', like: 'lhs' },
    ],
  });
}
