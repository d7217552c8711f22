/**
 * The call of a conversion kernel (planning/copy-conversion.ts) by the host conversion: the
 * operand, bound as the loops read it (checked, cast to the kernel's value type, converted to
 * the loops' level order where binding converts it), transposed (no copy) and converted to the
 * output's format. The loops would copy that bound operand entry by entry, every stored
 * entry (stored zeros, a dense level's slots) in order, into fresh storage of the output's
 * format: the canonical storage the conversion makes.
 */
import type { SparseFormat } from '../../sparse-tensor/format.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import type { CopyConversion } from '../planning/copy-conversion.js';
import type { SparseKernel } from '../sparse-kernel.js';
import { boundInputs, indexSizes, type KernelOperand, shapeOf } from './bind.js';
import type { ConversionRoute } from './conversion-route.js';

const sameFormat = (a: SparseFormat, b: SparseFormat): boolean =>
  a.expressions === undefined &&
  b.expressions === undefined &&
  a.levels.join() === b.levels.join() &&
  a.order.join() === b.order.join() &&
  a.posWidth === b.posWidth &&
  a.crdWidth === b.crdWidth;

/**
 * The route of `kernel`, which computes `copy`. It takes a `SparseTensor` operand; a storage
 * view (which may hold storage no conversion would make) is left to the loops.
 */
export function convertedCopyRoute(kernel: SparseKernel, copy: CopyConversion): ConversionRoute {
  return (operands) => {
    const operand =
      typeof operands === 'object' && operands !== null && Object.hasOwn(operands, copy.operand)
        ? operands[copy.operand]
        : undefined;
    if (!(operand instanceof SparseTensor)) return undefined;
    const inputs = boundInputs(kernel, operands);
    // The shape checks of a call (ranks, shared indices); the conversion needs no sizes.
    indexSizes(kernel, (input) => shapeOf(inputs.get(input) as KernelOperand));
    const read = inputs.get(copy.input) as SparseTensor;
    const permuted = read.transpose(copy.perm);
    // A copy binding converted holds the conversion's storage already; where its transpose is
    // in the output's format, that storage is the output (a CSR matrix's CSC copy, read
    // transposed, is the CSR transpose).
    return copy.input !== copy.operand && sameFormat(permuted.format, copy.format)
      ? permuted
      : permuted.convert(copy.format);
  };
}
