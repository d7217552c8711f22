/** `arith` dialect definitions: element-wise on scalars and vectors of them. */
import { type Constraint, defineOp, type ElementKind, type OpDef } from '../op-def.js';
import { compareOp, sameTypeElementwiseOp } from './elementwise-defs.js';

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
  ...FLOAT_BINARY.map((n) => sameTypeElementwiseOp(`arith.${n}`, 'binary', 'float', true)),
  ...INT_BINARY.map((n) => sameTypeElementwiseOp(`arith.${n}`, 'binary', 'intOrIndex', true)),
  ...CASTS.map(cast),
  sameTypeElementwiseOp('arith.negf', 'unary', 'float', false),
  compareOp('arith.cmpi', 'intOrIndex'),
  compareOp('arith.cmpf', 'float'),
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
