/**
 * The arith/math element-wise definition factories: each family's operands, format and
 * constraints, and the op table entries built from them.
 */
import { describe, expect, it } from 'vitest';
import { OP_DEFS } from '../../src/index.js';
import { compareOp, sameTypeElementwiseOp } from '../../src/ir/ops/elementwise-defs.js';

const SHAPE_RULE = { rule: 'typeKind', refs: ['result'], kinds: ['scalarOrVector'] };

describe('sameTypeElementwiseOp', () => {
  it.each([
    ['unary', ['operand']],
    ['binary', ['lhs', 'rhs']],
  ] as const)('%s: operands %j share the result type, pure and element-wise', (arity, operands) => {
    const def = sameTypeElementwiseOp('test.op', arity, 'float', true);
    expect(def).toMatchObject({
      name: 'test.op',
      operands,
      results: ['result'],
      format: arity,
      traits: ['pure', 'elementwise'],
      effects: 'none',
      regions: 0,
    });
    expect(def.constraints).toEqual([
      { rule: 'sameType', refs: [...operands, 'result'] },
      SHAPE_RULE,
      { rule: 'elementKind', refs: ['result'], kinds: ['float'] },
    ]);
  });

  it('leaves the scalar-or-vector rule out when asked', () => {
    const def = sameTypeElementwiseOp('test.op', 'unary', 'int', false);
    expect(def.constraints).toEqual([
      { rule: 'sameType', refs: ['operand', 'result'] },
      { rule: 'elementKind', refs: ['result'], kinds: ['int'] },
    ]);
  });
});

describe('compareOp', () => {
  it('takes a predicate and two operands of one type, and gives an i1-like result', () => {
    expect(compareOp('test.cmp', 'intOrIndex')).toMatchObject({
      operands: ['lhs', 'rhs'],
      results: ['result'],
      format: 'cmp',
      traits: ['pure', 'elementwise'],
      constraints: [
        { rule: 'attr', name: 'predicate', kind: 'predicate' },
        { rule: 'sameType', refs: ['lhs', 'rhs'] },
        { rule: 'elementKind', refs: ['lhs'], kinds: ['intOrIndex'] },
        { rule: 'boolLike', ref: 'result', like: 'lhs' },
      ],
    });
  });
});

describe('op table entries built by the factories', () => {
  const hasShapeRule = (name: string) =>
    OP_DEFS.get(name)?.constraints.some((c) => JSON.stringify(c) === JSON.stringify(SHAPE_RULE));

  it.each([
    ['arith.addf', 'binary', true],
    ['arith.xori', 'binary', true],
    ['math.sqrt', 'unary', true],
    ['math.absi', 'unary', true],
    ['arith.negf', 'unary', false],
    ['math.powf', 'binary', false],
  ] as const)('%s: %s format, scalar-or-vector rule %s', (name, format, shapeRule) => {
    expect(OP_DEFS.get(name)?.format).toBe(format);
    expect(hasShapeRule(name)).toBe(shapeRule);
  });

  it.each([
    ['arith.cmpi', 'intOrIndex'],
    ['arith.cmpf', 'float'],
  ] as const)('%s compares %s operands', (name, kind) => {
    expect(OP_DEFS.get(name)?.constraints).toContainEqual({
      rule: 'elementKind',
      refs: ['lhs'],
      kinds: [kind],
    });
  });
});
