/**
 * Checks of what the emitter's public functions are given — a kernel, its plan, an
 * expression tree, lattice points, value types and widths — so that junk ends in a
 * {@link SparsifyError} naming the argument, never in a `TypeError` from deep inside (or a
 * hang on a cyclic tree).
 */
import { textOf } from '../sparse-error.js';
import { SparsifyError } from './errors.js';
import { type Expr, FUNCTION_ARITY, MAX_EXPRESSION_NODES } from './planning/expression.js';
import type { KernelPlan, ValueType } from './planning/kernel-plan.js';
import type { LatticePoint } from './planning/lattice-point.js';
import type { SparseKernel } from './sparse-kernel.js';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The value types a kernel computes in. */
export const VALUE_TYPES: readonly ValueType[] = ['f32', 'f64', 'i32', 'i64'];

/** `plan` is a kernel plan (`kernel.plan` of a kernel made by `sparsify`). */
export function checkPlan(plan: unknown, argument = 'plan'): asserts plan is KernelPlan {
  if (
    !isObject(plan) ||
    !isObject(plan.notation) ||
    !VALUE_TYPES.includes(plan.valueType as ValueType) ||
    !Array.isArray(plan.inputs) ||
    !Array.isArray(plan.operands) ||
    !isObject(plan.output) ||
    !Array.isArray(plan.loopOrder) ||
    !(plan.reductions instanceof Set) ||
    !Array.isArray(plan.temporaries)
  ) {
    throw new SparsifyError(
      argument,
      `expected the plan of a kernel made by sparsify, got ${textOf(plan)}`,
      'kernel.plan of a kernel made by sparsify',
    );
  }
}

/** `kernel` is what `sparsify` returns. */
export function checkKernel(kernel: unknown, argument = 'kernel'): asserts kernel is SparseKernel {
  if (
    !isObject(kernel) ||
    typeof kernel.functionName !== 'string' ||
    !Array.isArray(kernel.parameters) ||
    !isObject(kernel.module)
  ) {
    throw new SparsifyError(
      argument,
      `expected a kernel made by sparsify, got ${textOf(kernel)}`,
      'the result of sparsify(...)',
    );
  }
  checkPlan(kernel.plan, `${argument}.plan`);
}

/** `valueType` is one of {@link VALUE_TYPES}. */
export function checkValueType(
  valueType: unknown,
  argument = 'valueType',
): asserts valueType is ValueType {
  if (!VALUE_TYPES.includes(valueType as ValueType)) {
    throw new SparsifyError(
      argument,
      `must be one of ${VALUE_TYPES.map((v) => `'${v}'`).join(', ')}, got ${textOf(valueType)}`,
      VALUE_TYPES.join(' | '),
    );
  }
}

/** `x` is a string. */
export function checkString(x: unknown, argument: string): asserts x is string {
  if (typeof x !== 'string') {
    throw new SparsifyError(argument, `expected a string, got ${textOf(x)}`, 'a string');
  }
}

const isCount = (x: unknown, least: number): boolean =>
  Number.isSafeInteger(x) && (x as number) >= least;

/** `s` is an affine subscript: index terms with positive integer coefficients, an offset >= 0. */
function isAffineSubscript(s: unknown): boolean {
  return (
    isObject(s) &&
    isCount(s.offset, 0) &&
    Array.isArray(s.terms) &&
    s.terms.length <= MAX_EXPRESSION_NODES &&
    s.terms.every((t) => isObject(t) && typeof t.index === 'string' && isCount(t.coefficient, 1))
  );
}

const BINARY_OPS: ReadonlySet<unknown> = new Set(['+', '-', '*', '/']);
const COMPARE_OPS: ReadonlySet<unknown> = new Set(['<', '<=', '>', '>=', '==', '!=']);

/**
 * `expr` is an expression tree as `parseNotation` builds it: every node of a known kind with
 * fields of the right types, at most {@link MAX_EXPRESSION_NODES} nodes (a cyclic tree is
 * rejected, not walked forever).
 */
export function checkExpr(expr: unknown, argument = 'expr'): asserts expr is Expr {
  const stack: unknown[] = [expr];
  let visited = 0;
  const bad = (problem: string): SparsifyError =>
    new SparsifyError(argument, problem, 'an expression tree (parseNotation(...).rhs)');
  while (stack.length > 0) {
    const e = stack.pop();
    if (++visited > MAX_EXPRESSION_NODES) {
      throw bad(`has more than ${MAX_EXPRESSION_NODES} nodes (or a cycle)`);
    }
    if (!isObject(e)) throw bad(`expected an expression node, got ${textOf(e)}`);
    const ok = ((): boolean => {
      switch (e.kind) {
        case 'access':
          return (
            typeof e.tensor === 'string' &&
            Array.isArray(e.indices) &&
            e.indices.every((i) => typeof i === 'string') &&
            (e.subscripts === undefined ||
              (Array.isArray(e.subscripts) &&
                e.subscripts.length === e.indices.length &&
                e.subscripts.every(isAffineSubscript)))
          );
        case 'const':
          return typeof e.value === 'number';
        case 'index':
          return typeof e.index === 'string';
        case 'neg':
          stack.push(e.operand);
          return true;
        case 'binary':
        case 'compare':
          stack.push(e.lhs, e.rhs);
          return (e.kind === 'binary' ? BINARY_OPS : COMPARE_OPS).has(e.op);
        case 'call': {
          const arity = FUNCTION_ARITY.get(e.fn as string);
          if (arity === undefined || !Array.isArray(e.args) || e.args.length !== arity)
            return false;
          stack.push(...e.args);
          return true;
        }
        case 'sum':
          stack.push(e.body);
          return (
            typeof e.index === 'string' &&
            (e.reducer === undefined || e.reducer === 'min' || e.reducer === 'max')
          );
        default:
          return false;
      }
    })();
    if (!ok) throw bad(`a node of kind ${textOf(e.kind)} is malformed`);
  }
}

/** `points` is a list of lattice points (what `buildLattice` returns). */
export function checkPoints(
  points: unknown,
  argument = 'points',
): asserts points is readonly LatticePoint[] {
  if (!Array.isArray(points) || points.length > MAX_EXPRESSION_NODES) {
    throw new SparsifyError(argument, `expected a list of lattice points, got ${textOf(points)}`);
  }
  points.forEach((p, k) => {
    checkPoint(p, `${argument}[${k}]`);
  });
}

/** `point` is a lattice point: sparse and dense operand sets and an expression. */
export function checkPoint(point: unknown, argument = 'point'): asserts point is LatticePoint {
  if (!isObject(point) || !(point.sparse instanceof Set) || !(point.dense instanceof Set)) {
    throw new SparsifyError(
      argument,
      `expected a lattice point {sparse: Set, dense: Set, expr}, got ${textOf(point)}`,
    );
  }
  checkExpr(point.expr, `${argument}.expr`);
}
