/** `math` dialect definitions (element-wise, scalar or vector). */
import type { OpDef } from '../op-def.js';
import { sameTypeElementwiseOp } from './elementwise-defs.js';

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

/** Every `math` op definition. */
export const MATH_OPS: readonly OpDef[] = [
  ...FLOAT_UNARY.map((n) => sameTypeElementwiseOp(`math.${n}`, 'unary', 'float', true)),
  sameTypeElementwiseOp('math.absi', 'unary', 'int', true),
  ...FLOAT_BINARY.map((n) => sameTypeElementwiseOp(`math.${n}`, 'binary', 'float', false)),
];
