/**
 * A derivative kernel in a form every GPU pass can run: a dense operand's gradient (`A^T dy` for
 * spmv) sums into outputs that the sparse operand's storage order does not index, and a sampled
 * gradient may sum a subexpression into a temporary (SDDMM's `L(i,k) * R(k,j)`); either would
 * take the host route, which must read the output gradient back synchronously. Here each sparse
 * operand is densified on the backend, every operand is transposed so the gradient's indices
 * lead in the gradient's order, and each product sums over its own reduction indices explicitly
 * (`sum(k, …)`: one loop nest, no temporary); the planner then puts the gradient's loops
 * outermost and the kernel runs as generated GPU code. The cost is the dense size of the sparse
 * operands instead of their stored entries.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { AccessExpr, Expr } from '../../sparsify/planning/expression.js';
import { accessesOf, mapExpr, parseNotation, printExpr } from '../../sparsify/planning/notation.js';
import type { KernelOperand } from '../ops/run-sparse-kernel.js';
import type { DerivativeOperands } from './derivation.js';
import {
  applyOutputMajorPlan,
  type OutputMajorOperand,
  type OutputMajorPlan,
} from './output-major-plan.js';

/** The products of a sum of products, each with its sign. */
function productsOf(e: Expr, negative = false): { negative: boolean; product: Expr }[] {
  if (e.kind === 'neg') return productsOf(e.operand, !negative);
  if (e.kind === 'binary' && (e.op === '+' || e.op === '-'))
    return [
      ...productsOf(e.lhs, negative),
      ...productsOf(e.rhs, e.op === '-' ? !negative : negative),
    ];
  return [{ negative, product: e }];
}

/** `product` summed explicitly over every index it reads that the output does not have. */
function summed(product: Expr, output: readonly string[]): Expr {
  const reduced = [
    ...new Set(accessesOf(product).flatMap((a) => a.indices.filter((i) => !output.includes(i)))),
  ];
  return reduced.reduceRight<Expr>((body, index) => ({ kind: 'sum', index, body }), product);
}

/** `indices` with the gradient's indices first (in the gradient's order), then the others. */
function outputMajor(indices: readonly string[], output: readonly string[]): string[] {
  const leading = output.filter((i) => indices.includes(i));
  return [...leading, ...indices.filter((i) => !output.includes(i))];
}

/** An index name `notation` does not use. */
function unusedIndex(notation: ReturnType<typeof parseNotation>): string {
  const used = new Set([
    ...notation.output.indices,
    ...accessesOf(notation.rhs).flatMap((a) => a.indices),
  ]);
  const free = 'zyxwvutsrqponmlkjihgfedcba'.split('').find((i) => !used.has(i));
  return free ?? `u${used.size}`;
}

/**
 * The output-major form of `expr` (a derivative kernel over `operands`) as data (see
 * output-major-plan.ts), or undefined where an access repeats an index (no transpose expresses
 * a diagonal).
 */
export function outputMajorPlan(
  expr: string,
  operands: DerivativeOperands,
): OutputMajorPlan | undefined {
  const notation = parseNotation(expr);
  const output = notation.output.indices;
  const made: [string, OutputMajorOperand][] = [];
  let repeated = false;
  let count = 0;
  const unit = unusedIndex(notation);
  const rhs = mapExpr(notation.rhs, (e: Expr): Expr => {
    if (e.kind !== 'access') return e;
    const value = operands[e.tensor];
    if (typeof value === 'number' || value === undefined) return e;
    const name = `${e.tensor}_major${count++}`;
    if (e.indices.length === 0 && value instanceof tf.Tensor) {
      // A rank-0 tensor (the output gradient of a scalar kernel) would be a scalar argument,
      // made on the host from its value: read as a one-element vector over an index of extent
      // 1 instead, summed like any other reduction index.
      made.push([name, { from: e.tensor, vector: true }]);
      return { ...e, tensor: name, indices: [unit] } satisfies AccessExpr;
    }
    if (new Set(e.indices).size !== e.indices.length) repeated = true;
    const order = outputMajor(e.indices, output);
    made.push([
      name,
      order.every((i, d) => i === e.indices[d])
        ? { from: e.tensor }
        : { from: e.tensor, transpose: order.map((i) => e.indices.indexOf(i)) },
    ]);
    return { ...e, tensor: name, indices: order } satisfies AccessExpr;
  });
  if (repeated) return undefined;
  const terms = productsOf(rhs).map(({ negative, product }) => {
    const term = summed(product, output);
    return negative ? ({ kind: 'neg', operand: term } satisfies Expr) : term;
  });
  const body = terms.reduce((sum, term) => ({ kind: 'binary', op: '+', lhs: sum, rhs: term }));
  const out = output.length === 0 ? notation.output.tensor : printExpr(notation.output);
  return { expr: `${out} = ${printExpr(body)}`, operands: made };
}

/**
 * `expr` (a derivative kernel over `operands`) rewritten with dense, output-major operands, or
 * undefined where an access repeats an index.
 */
export function outputMajorKernel(
  expr: string,
  operands: Readonly<Record<string, KernelOperand>>,
): { expr: string; operands: Record<string, KernelOperand> } | undefined {
  const plan = outputMajorPlan(expr, operands);
  return plan === undefined ? undefined : applyOutputMajorPlan(plan, operands);
}
