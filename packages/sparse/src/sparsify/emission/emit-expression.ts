/**
 * Emission of the value side of a kernel: the arithmetic of one lattice point's expression
 * at the innermost loop, the fold of a term into the output or a carried reduction, and the
 * kernel's constants. The loop structure around it lives in loop-emitter.ts.
 */
import type { Builder, ScalarType, Value } from '@tilekit/loop-ir';
import { i64, roundToFormat } from '@tilekit/loop-ir';
import { SparsifyError } from '../errors.js';
import type {
  AccessExpr,
  AssignOp,
  BinaryOp,
  CompareExpr,
  CompareOp,
  Expr,
  FunctionName,
  Reducer,
} from '../planning/expression.js';
import { nodesOf } from '../planning/notation.js';

/** What an expression reads: operand values already loaded, and the hoisted constants. */
export interface ExpressionEnv {
  /** Where the arithmetic is emitted. */
  readonly b: Builder;
  /** The kernel's value element type. */
  readonly element: ScalarType;
  /** The value of a tensor access at the current coordinates (loaded or a scalar argument). */
  access(a: AccessExpr): Value;
  /** The current value (an `index`) of a bound index variable. */
  index(name: string): Value;
  /** The constant `x` of the element type (hoisted by the caller). */
  constant(x: number): Value;
}

const FLOAT_OPS: Readonly<Record<BinaryOp, string>> = {
  '+': 'arith.addf',
  '-': 'arith.subf',
  '*': 'arith.mulf',
  '/': 'arith.divf',
};
const INT_OPS: Readonly<Record<BinaryOp, string>> = {
  '+': 'arith.addi',
  '-': 'arith.subi',
  '*': 'arith.muli',
  '/': 'arith.divsi',
};
/** Functions emitted as one `math`/`arith` op (`select` is a compare and an `arith.select`). */
type OpFunction = Exclude<FunctionName, 'select'>;
/** Float functions: MLIR's `math` ops; `max`/`min` are `arith.maximumf`/`minimumf` (NaN wins). */
const FLOAT_FUNCTIONS: Readonly<Record<OpFunction, string>> = {
  sqrt: 'math.sqrt',
  exp: 'math.exp',
  abs: 'math.absf',
  max: 'arith.maximumf',
  min: 'arith.minimumf',
};
/** Integer functions; `sqrt` and `exp` have none (see {@link checkValueTypes}). */
const INT_FUNCTIONS: Readonly<Partial<Record<OpFunction, string>>> = {
  abs: 'math.absi',
  max: 'arith.maxsi',
  min: 'arith.minsi',
};

/**
 * Ordered float predicates (false when either side is NaN, except `!=`), as JavaScript
 * compares; signed integer predicates.
 */
const FLOAT_PREDICATES: Readonly<Record<CompareOp, string>> = {
  '<': 'olt',
  '<=': 'ole',
  '>': 'ogt',
  '>=': 'oge',
  '==': 'oeq',
  '!=': 'une',
};
const INT_PREDICATES: Readonly<Record<CompareOp, string>> = {
  '<': 'slt',
  '<=': 'sle',
  '>': 'sgt',
  '>=': 'sge',
  '==': 'eq',
  '!=': 'ne',
};

/** Emits a comparison, an `i1`. */
function emitCondition(env: ExpressionEnv, e: CompareExpr): Value {
  const l = emitExpression(env, e.lhs);
  const r = emitExpression(env, e.rhs);
  return env.element.kind === 'float'
    ? env.b.cmpf(FLOAT_PREDICATES[e.op], l, r)
    : env.b.cmpi(INT_PREDICATES[e.op], l, r);
}

/**
 * Rejects operators the value type has no MLIR op for (`sqrt`/`exp` on integers), naming
 * the value type to use instead, before anything is emitted.
 */
export function checkValueTypes(e: Expr, element: ScalarType): void {
  if (element.kind === 'float') return;
  for (const n of nodesOf(e)) {
    if (n.kind === 'call' && n.fn !== 'select' && INT_FUNCTIONS[n.fn] === undefined) {
      throw new SparsifyError(
        'expression',
        `${n.fn} needs a float value type (MLIR has no integer ${n.fn}); sparsify with valueType 'f32' or 'f64' and convert the integer operands (e.g. SparseTensor dtype 'float32')`,
      );
    }
  }
}

/** Emits `e` and returns its value. */
export function emitExpression(env: ExpressionEnv, e: Expr): Value {
  const { b, element } = env;
  const float = element.kind === 'float';
  switch (e.kind) {
    case 'access':
      return env.access(e);
    case 'const':
      return env.constant(e.value);
    case 'index': {
      // linalg.index yields an index: cast it as MLIR code does (index_cast, then sitofp).
      const at = env.index(e.index);
      if (!float) return b.cast('arith.index_cast', at, element);
      return b.cast('arith.sitofp', b.cast('arith.index_cast', at, i64), element);
    }
    case 'neg': {
      const x = emitExpression(env, e.operand);
      return float ? b.unary('arith.negf', x) : b.subi(env.constant(0), x);
    }
    case 'binary': {
      const l = emitExpression(env, e.lhs);
      const r = emitExpression(env, e.rhs);
      return b.binary((float ? FLOAT_OPS : INT_OPS)[e.op], l, r);
    }
    case 'compare':
      throw new SparsifyError('expression', 'a comparison is only the condition of a select');
    case 'call': {
      if (e.fn === 'select') {
        const [condition, whenTrue, whenFalse] = e.args as [Expr, Expr, Expr];
        if (condition.kind !== 'compare')
          throw new SparsifyError('expression', 'the condition of a select must be a comparison');
        const c = emitCondition(env, condition);
        return b.select(c, emitExpression(env, whenTrue), emitExpression(env, whenFalse));
      }
      const name = float ? FLOAT_FUNCTIONS[e.fn] : INT_FUNCTIONS[e.fn];
      if (name === undefined) {
        checkValueTypes(e, element);
        throw new SparsifyError('expression', `${e.fn} has no ${element.kind} form`);
      }
      const args = e.args.map((a) => emitExpression(env, a));
      return args.length === 1
        ? b.unary(name, args[0] as Value)
        : b.binary(name, args[0] as Value, args[1] as Value);
    }
    case 'sum':
      throw new SparsifyError('expression', 'a nested sum reached the emitter unlowered');
  }
}

/**
 * Folds `value` into `acc` as the assignment `op` and the stage's `reducer` do: `*=` multiplies,
 * a `min`/`max` reduction takes the least/greatest (the same op as the `min`/`max` functions),
 * anything else adds.
 */
export function emitCombine(
  b: Builder,
  element: ScalarType,
  op: AssignOp,
  reducer: Reducer,
  acc: Value,
  value: Value,
): Value {
  const float = element.kind === 'float';
  if (op !== '*=' && reducer !== 'sum') {
    return b.binary((float ? FLOAT_FUNCTIONS : INT_FUNCTIONS)[reducer] as string, acc, value);
  }
  const kind = op === '*=' ? 'mul' : 'add';
  return b.binary(`arith.${kind}${float ? 'f' : 'i'}`, acc, value);
}

/**
 * Where a `min`/`max` reduction starts: the value no term can improve on (`+∞`/`−∞` for
 * floats, the largest/least value of an integer type), which is also its result over no term.
 */
export function emitReductionIdentity(
  b: Builder,
  element: ScalarType,
  reducer: Exclude<Reducer, 'sum'>,
): Value {
  const sign = reducer === 'min' ? 1 : -1;
  if (element.kind === 'float') return b.constantFloat(sign * Number.POSITIVE_INFINITY, element);
  if (element.kind === 'integer') {
    const top = (1n << BigInt(element.width - 1)) - 1n;
    return b.constantInt(reducer === 'min' ? top : -top - 1n, element);
  }
  throw new SparsifyError('options.valueType', 'unsupported element type');
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
