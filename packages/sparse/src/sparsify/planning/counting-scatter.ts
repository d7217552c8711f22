/**
 * Kernels that transpose a matrix's storage: `C(j,i) = A(i,j)` with `A` in a row form of
 * pointers (`[dense, compressed]`: CSR, or CSC read as its columns) and `C` in the same form
 * over the other level order (CSR from CSR read transposed, CSC from CSR). Inserting in `C`'s
 * order would first need `A` converted to that order (a sort) and then copied entry by
 * entry; instead the kernel reads `A` in its own order and builds `C` as a counting sort does
 * (MLIR lowers such a `sparse_tensor.convert` through its direct conversion, scipy's
 * `tocsc` is the same three passes): count the entries of each of `C`'s rows, turn the
 * counts into row starts, then scatter every entry of `A`, its rows in order, to the next
 * free place of its row in `C`, so each row of `C` comes out sorted. The loops are
 * emitted by emission/counting-scatter.ts.
 */
import type { SparseFormat } from '../../sparse-tensor/format.js';
import type { Notation } from './expression.js';
import type { KernelPlan, PlanOptions, TensorPlan } from './kernel-plan.js';
import { planKernel } from './plan-kernel.js';

/** Whether `format` is a matrix of dense outer and compressed inner level (CSR, CSC). */
function isPointersForm(format: SparseFormat): boolean {
  return (
    format.expressions === undefined &&
    format.levels.length === 2 &&
    format.levels[0] === 'dense' &&
    format.levels[1] === 'compressed'
  );
}

/**
 * The plan of `notation` read in its operand's own level order (a dense output), when it is
 * a counting scatter into `format` (the format the output is appended in, levels over
 * `levelIndices`), else `undefined`: an `=` kernel whose right-hand side is a single plain
 * read (no window, no affine subscript) of a sparse operand in a pointers form whose level
 * indices are the output's, swapped. The caller gives it the output and a `scatter` assembly.
 */
export function countingScatterBase(
  notation: Notation,
  inputFormats: Parameters<typeof planKernel>[1],
  options: PlanOptions,
  format: SparseFormat,
  levelIndices: readonly string[],
): KernelPlan | undefined {
  const { rhs } = notation;
  if (
    notation.op !== '=' ||
    rhs.kind !== 'access' ||
    rhs.subscripts !== undefined ||
    rhs.windows !== undefined ||
    rhs.indices.length !== 2 ||
    inputFormats[rhs.tensor] === undefined ||
    !isPointersForm(format)
  ) {
    return undefined;
  }
  const base: KernelPlan = planKernel(notation, inputFormats, options);
  const operand = base.operands[0] as TensorPlan | undefined;
  const scatters =
    base.inputs.length === 1 &&
    base.operands.length === 1 &&
    base.temporaries.length === 0 &&
    operand?.format !== undefined &&
    operand.convertedFrom === undefined &&
    operand.argument === undefined &&
    isPointersForm(operand.format) &&
    operand.levelIndices[0] === levelIndices[1] &&
    operand.levelIndices[1] === levelIndices[0];
  return scatters ? base : undefined;
}
