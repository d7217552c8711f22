/**
 * The call of a conversion kernel (planning/copy-conversion.ts) by the host conversion: the
 * operand, bound as the loops read it (checked, cast to the kernel's value type, converted to
 * the loops' level order where binding converts it), transposed (no copy) and converted to the
 * output's format. The loops would copy that bound operand entry by entry, every stored
 * entry (stored zeros, a dense level's slots) in order, into fresh storage of the output's
 * format: the canonical storage the conversion makes. Only `runKernel` takes this route, so
 * `sparsify` (and what bundles the compiler alone) carries none of it.
 *
 * A transposition between the two pointer forms (CSR <-> CSC) takes it too, though its loops
 * are the counting sort the conversion runs: the conversion's is the prepared one on
 * WebAssembly, which keeps the operand in the engine's memory from call to call as the loops
 * do, and it took 0.79-0.99 of the loops' time on every matrix measured (500² to 65536²,
 * R-MAT graphs of a million entries, 14 to 200 entries a row on average).
 */
import type { SparseFormat } from '../../sparse-tensor/format.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { blockViewOf } from '../planning/block-view.js';
import { type CopyConversion, copyConversionOf } from '../planning/copy-conversion.js';
import { operandWindowOf } from '../planning/operand-window.js';
import type { SparseKernel } from '../sparse-kernel.js';
import { boundInputs, indexSizes, type KernelOperand, shapeOf } from './bind.js';

/** Per kernel, the conversion it computes (`null`: none, or its operands are rewritten first). */
const CONVERSIONS = new WeakMap<SparseKernel, CopyConversion | null>();

const sameFormat = (a: SparseFormat, b: SparseFormat): boolean =>
  a.expressions === undefined &&
  b.expressions === undefined &&
  a.levels.join() === b.levels.join() &&
  a.order.join() === b.order.join() &&
  a.posWidth === b.posWidth &&
  a.crdWidth === b.crdWidth;

/** The conversion `kernel` computes, if it is one called with its operands as they are. */
function conversionOf(kernel: SparseKernel): CopyConversion | undefined {
  let conversion = CONVERSIONS.get(kernel);
  if (conversion === undefined) {
    const copy = copyConversionOf(kernel.plan);
    // Block (level-space) kernels and windows read operands rewritten from the caller's.
    conversion =
      copy === undefined ||
      blockViewOf(kernel) !== undefined ||
      operandWindowOf(kernel, copy.operand) !== undefined
        ? null
        : copy;
    CONVERSIONS.set(kernel, conversion);
  }
  return conversion ?? undefined;
}

/**
 * The output of a call of `kernel` as a conversion, or `undefined` where its loops must run:
 * a kernel that is no conversion, or an operand that is not a `SparseTensor` (a storage view,
 * which may hold storage no conversion would make, gets the loops' checks and results).
 */
export function convertedCopy(
  kernel: SparseKernel,
  operands: Readonly<Record<string, KernelOperand>>,
): SparseTensor | undefined {
  const copy = conversionOf(kernel);
  if (copy === undefined) return undefined;
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
}
