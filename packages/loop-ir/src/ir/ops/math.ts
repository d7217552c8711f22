/** `math` dialect definitions (element-wise, scalar or vector). */
import { defineOp, type ElementKind, type OpDef } from '../op-def.js';

const FLOAT_UNARY = [
  'absf',
  'ceil',
  'floor',
  'round',
  'roundeven',
  'trunc',
  'sqrt',
  'rsqrt',
  'exp',
  'exp2',
  'expm1',
  'log',
  'log2',
  'log10',
  'log1p',
  'sin',
  'cos',
  'tan',
  'tanh',
  'atan',
];
const FLOAT_BINARY = ['powf', 'atan2', 'copysign'];

function unary(name: string, kind: ElementKind): OpDef {
  return defineOp(`math.${name}`, {
    operands: ['operand'],
    results: ['result'],
    format: 'unary',
    traits: ['pure', 'elementwise'],
    constraints: [
      { rule: 'sameType', refs: ['operand', 'result'] },
      { rule: 'typeKind', refs: ['result'], kinds: ['scalarOrVector'] },
      { rule: 'elementKind', refs: ['result'], kinds: [kind] },
    ],
  });
}

/** Every `math` op definition. */
export const MATH_OPS: readonly OpDef[] = [
  ...FLOAT_UNARY.map((n) => unary(n, 'float')),
  unary('absi', 'int'),
  ...FLOAT_BINARY.map((name) =>
    defineOp(`math.${name}`, {
      operands: ['lhs', 'rhs'],
      results: ['result'],
      format: 'binary',
      traits: ['pure', 'elementwise'],
      constraints: [
        { rule: 'sameType', refs: ['lhs', 'rhs', 'result'] },
        { rule: 'elementKind', refs: ['result'], kinds: ['float'] },
      ],
    }),
  ),
];
