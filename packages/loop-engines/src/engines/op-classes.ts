/** How both compiled engines classify IR ops before lowering them. */
import type { Operation } from '@tilekit/loop-ir';

/** Whether `op` works on vectors (a `vector.` op, or an element-wise op with a vector result). */
export function isVectorOp(op: Operation): boolean {
  return op.name.startsWith('vector.') || op.results.some((r) => r.type.kind === 'vector');
}

/**
 * Index of the operand whose type is the computation type of the element-wise op `name`: the
 * first, except for `arith.select`, whose first operand is the i1 condition.
 */
export function computeOperandIndex(name: string): number {
  return name === 'arith.select' ? 1 : 0;
}
