/** `arith` dialect definitions: element-wise on scalars and vectors of them. */
import { type Constraint, defineOp, type ElementKind, type OpDef } from '../op-def.js';

const FLOAT_BINARY = [
  'addf',
  'subf',
  'mulf',
  'divf',
  'remf',
  'maximumf',
  'minimumf',
  'maxnumf',
  'minnumf',
];
const INT_BINARY = [
  'addi',
  'subi',
  'muli',
  'divsi',
  'divui',
  'remsi',
  'remui',
  'ceildivsi',
  'ceildivui',
  'floordivsi',
  'andi',
  'ori',
  'xori',
  'shli',
  'shrsi',
  'shrui',
  'maxsi',
  'minsi',
  'maxui',
  'minui',
];

/** `[name, from-element-kinds, to-element-kinds, width rule]` for every cast. */
const CASTS: readonly (readonly [string, ElementKind, ElementKind, Constraint | undefined])[] = [
  ['index_cast', 'intOrIndex', 'intOrIndex', undefined],
  ['index_castui', 'intOrIndex', 'intOrIndex', undefined],
  ['extui', 'int', 'int', { rule: 'narrower', narrow: 'in', wide: 'out' }],
  ['extsi', 'int', 'int', { rule: 'narrower', narrow: 'in', wide: 'out' }],
  ['trunci', 'int', 'int', { rule: 'narrower', narrow: 'out', wide: 'in' }],
  ['sitofp', 'int', 'float', undefined],
  ['uitofp', 'int', 'float', undefined],
  ['fptosi', 'float', 'int', undefined],
  ['fptoui', 'float', 'int', undefined],
  ['extf', 'float', 'float', { rule: 'narrower', narrow: 'in', wide: 'out' }],
  ['truncf', 'float', 'float', { rule: 'narrower', narrow: 'out', wide: 'in' }],
  ['bitcast', 'any', 'any', { rule: 'sameWidth', refs: ['in', 'out'] }],
];

function binary(name: string, kind: ElementKind): OpDef {
  return defineOp(`arith.${name}`, {
    operands: ['lhs', 'rhs'],
    results: ['result'],
    format: 'binary',
    traits: ['pure', 'elementwise'],
    constraints: [
      { rule: 'sameType', refs: ['lhs', 'rhs', 'result'] },
      { rule: 'typeKind', refs: ['result'], kinds: ['scalarOrVector'] },
      { rule: 'elementKind', refs: ['result'], kinds: [kind] },
    ],
  });
}

function cast([name, from, to, width]: (typeof CASTS)[number]): OpDef {
  return defineOp(`arith.${name}`, {
    operands: ['in'],
    results: ['out'],
    format: 'cast',
    traits: ['pure', 'elementwise'],
    constraints: [
      { rule: 'typeKind', refs: ['in', 'out'], kinds: ['scalarOrVector'] },
      { rule: 'sameShape', refs: ['in', 'out'] },
      { rule: 'elementKind', refs: ['in'], kinds: [from] },
      { rule: 'elementKind', refs: ['out'], kinds: [to] },
      ...(name.startsWith('index_cast') ? [{ rule: 'check', name: 'indexCast' } as const] : []),
      ...(width === undefined ? [] : [width]),
    ],
  });
}

/** Every `arith` op definition. */
export const ARITH_OPS: readonly OpDef[] = [
  ...FLOAT_BINARY.map((n) => binary(n, 'float')),
  ...INT_BINARY.map((n) => binary(n, 'intOrIndex')),
  ...CASTS.map(cast),
  defineOp('arith.negf', {
    operands: ['operand'],
    results: ['result'],
    format: 'unary',
    traits: ['pure', 'elementwise'],
    constraints: [
      { rule: 'sameType', refs: ['operand', 'result'] },
      { rule: 'elementKind', refs: ['result'], kinds: ['float'] },
    ],
  }),
  defineOp('arith.cmpi', {
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
  }),
  defineOp('arith.cmpf', {
    operands: ['lhs', 'rhs'],
    results: ['result'],
    format: 'cmp',
    traits: ['pure', 'elementwise'],
    constraints: [
      { rule: 'attr', name: 'predicate', kind: 'predicate' },
      { rule: 'sameType', refs: ['lhs', 'rhs'] },
      { rule: 'elementKind', refs: ['lhs'], kinds: ['float'] },
      { rule: 'boolLike', ref: 'result', like: 'lhs' },
    ],
  }),
  defineOp('arith.select', {
    operands: ['condition', 'trueValue', 'falseValue'],
    results: ['result'],
    traits: ['pure', 'elementwise'],
    constraints: [
      { rule: 'sameType', refs: ['trueValue', 'falseValue', 'result'] },
      { rule: 'check', name: 'selectCondition' },
    ],
  }),
  defineOp('arith.constant', {
    results: ['result'],
    traits: ['pure'],
    constraints: [{ rule: 'check', name: 'constantValue' }],
  }),
];
