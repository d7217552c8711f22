/** What `sparsify` returns; a type of its own so that the callers need not import the emitter. */
import type { Module } from '@tilekit/loop-ir';
import type { KernelParameter } from './emission/kernel-parameter.js';
import type { KernelPlan } from './planning/kernel-plan.js';

/** An emitted kernel: the module plus what a caller needs to bind arguments. */
export interface SparseKernel {
  readonly module: Module;
  /** Symbol name of the emitted `func.func`. */
  readonly functionName: string;
  readonly plan: KernelPlan;
  /** The function's parameters in argument order. */
  readonly parameters: readonly KernelParameter[];
}
