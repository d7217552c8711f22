/**
 * An output-major form (see output-major.ts) as data: the rewritten expression and, for each of
 * its operands, which forward operand it is made from and how (densified where sparse, transposed
 * by `transpose`, or a rank-0 tensor read as a one-element vector). Applying one parses nothing,
 * so the forms of the ready-made ops' gradients ship prepared with the webgpu entries (an app
 * registering webgpu without the compiler runs them), and the compiler makes any other.
 */
import * as tf from '@tensorflow/tfjs-core';
import { isTfSparseTensor } from '../device-sparse.js';
import { reshaped, transposed } from '../direct-kernels.js';
import type { KernelOperand } from '../ops/run-sparse-kernel.js';
import { scatterDense } from '../webgpu/scatter-dense.js';
import { type DerivativeOperands, installPreparedOutputMajor } from './derivation.js';

/** How one operand of the form is made from forward operand `from`. */
export interface OutputMajorOperand {
  readonly from: string;
  /** The permutation to transpose by (absent: none). */
  readonly transpose?: readonly number[];
  /** A rank-0 tensor read as a one-element vector. */
  readonly vector?: true;
}

/** An output-major form as data (numbers pass through under their own names). */
export interface OutputMajorPlan {
  readonly expr: string;
  readonly operands: readonly (readonly [string, OutputMajorOperand])[];
}

/**
 * What a form depends on besides the expression: each operand's name and kind (`n` a number,
 * `0` a rank-0 tensor, `t` any other), in name order.
 */
export function outputMajorKey(expr: string, operands: DerivativeOperands): string {
  const kinds = Object.keys(operands)
    .sort()
    .map((name) => {
      const value = operands[name];
      const kind =
        typeof value === 'number'
          ? 'n'
          : value instanceof tf.Tensor && value.rank === 0
            ? '0'
            : 't';
      return `${name}:${kind}`;
    });
  return [expr, ...kinds].join('\u0000');
}

/** `plan` applied to `operands`. */
export function applyOutputMajorPlan(
  plan: OutputMajorPlan,
  operands: DerivativeOperands,
): { expr: string; operands: Record<string, KernelOperand> } {
  const made: Record<string, KernelOperand> = {};
  for (const [name, { from, transpose, vector }] of plan.operands) {
    const value = operands[from] as KernelOperand;
    if (vector) {
      made[name] = reshaped(value as tf.Tensor, [1]);
      continue;
    }
    const dense = isTfSparseTensor(value) ? scatterDense(value) : (value as tf.Tensor);
    made[name] = transpose === undefined ? dense : transposed(dense, [...transpose]);
  }
  for (const [name, value] of Object.entries(operands))
    if (typeof value === 'number') made[name] = value;
  return { expr: plan.expr, operands: made };
}

/** Prepared forms by {@link outputMajorKey}. */
const PREPARED = new Map<string, OutputMajorPlan>();

/** Adds prepared forms (by key). */
export function addPreparedOutputMajor(plans: readonly (readonly [string, OutputMajorPlan])[]) {
  for (const [key, plan] of plans) if (!PREPARED.has(key)) PREPARED.set(key, plan);
  installPreparedOutputMajor(preparedOutputMajor);
}

/** The prepared form of `expr` over `operands`, applied, or undefined where none is prepared. */
export function preparedOutputMajor(
  expr: string,
  operands: DerivativeOperands,
): { expr: string; operands: DerivativeOperands } | undefined {
  const plan = PREPARED.get(outputMajorKey(expr, operands));
  return plan === undefined ? undefined : applyOutputMajorPlan(plan, operands);
}
