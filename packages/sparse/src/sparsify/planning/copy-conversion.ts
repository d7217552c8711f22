/**
 * Kernels that are a conversion: a sparse output that copies one sparse operand with its
 * dimensions permuted (`C(j,i) = A(i,j)`, `C(i,j) = A(i,j)` into another format), the value
 * cast to the kernel's value type being the only arithmetic. MLIR's sparsifier lowers such a
 * kernel to `sparse_tensor.convert` over a reinterpreted dimension map rather than to loops
 * with insertion; here it is recognized from the plan, so that a call can compute the output
 * by the host conversion (transpose, then convert) instead of the emitted loops, which would
 * first convert the operand into the loop order and then copy it entry by entry.
 */
import type { SparseFormat } from '../../sparse-tensor/format.js';
import type { KernelPlan } from './kernel-plan.js';
import { hasAssembly } from './output-plan.js';

/** How a conversion kernel's output is made from its operand. */
export interface CopyConversion {
  /** The caller's operand copied. */
  readonly operand: string;
  /**
   * The kernel input the loops read it through: the operand itself, or the copy binding
   * converts it to (level order of the loops, see reinterpret.ts).
   */
  readonly input: string;
  /** Dimension `k` of the output is dimension `perm[k]` of the operand. */
  readonly perm: readonly number[];
  /** The output's format (the one the caller asked for, widths included). */
  readonly format: SparseFormat;
}

/**
 * The conversion `plan` computes, or `undefined` when it is not one: an `=` kernel with a
 * sparse (not in-place) output, no temporaries, whose right-hand side is a single read of a
 * sparse operand by distinct index variables (no window, no affine subscript) that are the
 * output's, each once.
 */
export function copyConversionOf(plan: KernelPlan): CopyConversion | undefined {
  if (!hasAssembly(plan)) return undefined;
  const { strategy } = plan.assembly;
  // A counting scatter (counting-scatter.ts) copies its operand too, in its own level order.
  if (strategy !== 'insert' && strategy !== 'scatter') return undefined;
  const { notation } = plan;
  const { rhs, output } = notation;
  const read = plan.operands[0];
  if (
    notation.op !== '=' ||
    rhs.kind !== 'access' ||
    plan.temporaries.length > 0 ||
    plan.operands.length !== 1 ||
    read?.format === undefined ||
    read.subscripts !== undefined ||
    rhs.subscripts !== undefined ||
    rhs.windows !== undefined
  ) {
    return undefined;
  }
  const distinct = (indices: readonly string[]) => new Set(indices).size === indices.length;
  if (
    read.indices.length !== output.indices.length ||
    !distinct(read.indices) ||
    !distinct(output.indices)
  ) {
    return undefined;
  }
  const perm = output.indices.map((i) => read.indices.indexOf(i));
  if (perm.some((d) => d < 0)) return undefined;
  return {
    operand: rhs.tensor,
    input: read.argument ?? read.name,
    perm,
    format: plan.assembly.resultFormat ?? plan.assembly.format,
  };
}
