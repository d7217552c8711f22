/**
 * The loop order of a kernel: a topological order of its tensors' level orders, as MLIR's
 * sparsifier chooses it.
 */
import { SparsifyError } from '../errors.js';
import type { TensorPlan } from './kernel-plan.js';

/**
 * A loop order in which every tensor's levels are visited outer to inner. Ties go to the
 * index that appears first in the notation. When the dense tensors' row-major orders
 * conflict with the sparse ones, only the sparse constraints are kept (dense operands are
 * random access), as MLIR does.
 */
export function chooseLoopOrder(
  indexVars: readonly string[],
  tensors: readonly TensorPlan[],
  source: string,
): string[] {
  const attempt = (constraining: readonly TensorPlan[]): string[] | undefined => {
    const before = new Map<string, Set<string>>(indexVars.map((i) => [i, new Set<string>()]));
    for (const t of constraining) {
      for (let l = 1; l < t.levelIndices.length; l++) {
        before.get(t.levelIndices[l] as string)?.add(t.levelIndices[l - 1] as string);
      }
    }
    const order: string[] = [];
    while (order.length < indexVars.length) {
      const next = indexVars.find(
        (i) => !order.includes(i) && [...(before.get(i) ?? [])].every((p) => order.includes(p)),
      );
      if (next === undefined) return undefined;
      order.push(next);
    }
    return order;
  };
  const order = attempt(tensors) ?? attempt(tensors.filter((t) => t.format !== undefined));
  if (order === undefined) {
    throw new SparsifyError(
      'formats',
      `no loop order visits every sparse tensor's levels in storage order in "${source}"`,
    );
  }
  return order;
}
