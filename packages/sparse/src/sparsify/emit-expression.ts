/**
 * Emission of the value side of a kernel: the arithmetic of one lattice point's expression
 * at the innermost loop, the fold of a term into the output or a carried reduction, and the
 * kernel's constants. The loop structure around it lives in loop-emitter.ts.
 */
import type { Builder, ScalarType, Value } from '@tilekit/loop-ir';
import { roundToFormat } from '@tilekit/loop-ir';
import { SparsifyError } from './errors.js';
import type { AccessExpr, AssignOp, Expr } from './notation.js';

/** What an expression reads: operand values already loaded, and the hoisted constants. */
export interface ExpressionEnv {
  /** Where the arithmetic is emitted. */
  readonly b: Builder;
  /** The kernel's value element type. */
  readonly element: ScalarType;
  /** The value of a tensor access at the current coordinates (loaded or a scalar argument). */
  access(a: AccessExpr): Value;
  /** The constant `x` of the element type (hoisted by the caller). */
  constant(x: number): Value;
}

/** Emits `e` and returns its value. */
export function emitExpression(env: ExpressionEnv, e: Expr): Value {
  const { b } = env;
  const float = env.element.kind === 'float';
  switch (e.kind) {
    case 'access':
      return env.access(e);
    case 'const':
      return env.constant(e.value);
    case 'neg': {
      const x = emitExpression(env, e.operand);
      return float ? b.unary('arith.negf', x) : b.subi(env.constant(0), x);
    }
    case 'binary': {
      const l = emitExpression(env, e.lhs);
      const r = emitExpression(env, e.rhs);
      const name = { '+': 'add', '-': 'sub', '*': 'mul' }[e.op];
      return b.binary(`arith.${name}${float ? 'f' : 'i'}`, l, r);
    }
  }
}

/** Folds `value` into `acc` as the assignment `op` does (`*=` multiplies, else adds). */
export function emitCombine(
  b: Builder,
  element: ScalarType,
  op: AssignOp,
  acc: Value,
  value: Value,
): Value {
  const kind = op === '*=' ? 'mul' : 'add';
  return b.binary(`arith.${kind}${element.kind === 'float' ? 'f' : 'i'}`, acc, value);
}

/** The constant `x` of `element`, built with `b` (integers must be whole). */
export function emitConstant(b: Builder, element: ScalarType, x: number): Value {
  if (element.kind === 'float') return b.constantFloat(roundToFormat(x, element.format), element);
  if (element.kind === 'integer') {
    if (!Number.isInteger(x))
      throw new SparsifyError('expression', `${x} is not an integer constant`);
    return b.constantInt(x, element);
  }
  throw new SparsifyError('options.valueType', 'unsupported element type');
}
