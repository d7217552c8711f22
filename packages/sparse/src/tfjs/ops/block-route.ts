/**
 * Where `spmv` and `spmm` hand a block (BSR) or structured (n:m) matrix on: to the level-space
 * product of block-product.ts, which the compiler route installs (such kernels are always
 * compiled), so that the ready-made ops' bundles carry neither it nor the level-space reshaping.
 */
import type { Tensor } from '@tensorflow/tfjs-core';
import type { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../../sparsify/errors.js';
import { SPARSE_COMPILER_ENTRY } from '../compiled-kernel.js';
import { FIXED_EXPRESSIONS, type SparseKernelName } from '../kernel-names.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import type { SparseArgument } from './sparse-argument.js';

/** A fixed kernel with a block or structured `A` (see block-product.ts). */
export type BlockProduct = (
  opName: string,
  kernelName: SparseKernelName,
  A: SparseTensor,
  denseName: string,
  dense: Tensor,
  options?: SparseOpOptions,
) => Tensor;

let installed: BlockProduct | undefined;

/** Installs the block product (the compiler route does, see compile-route.ts). */
export function installBlockProduct(product: BlockProduct | undefined): void {
  installed = product;
}

/** Whether `A` is stored in a block or structured format (levels `d floordiv k`, `d mod k`). */
export function isBlockMatrix(A: SparseArgument): A is SparseTensor {
  return A.format.expressions !== undefined;
}

/** The error of a block or structured operand of `expr` without the compiler. */
export function blockCompilerError(expr: string): SparsifyError {
  return new SparsifyError(
    'operands',
    `import '${SPARSE_COMPILER_ENTRY}' once to compile ${expr} for a block or structured operand (kernels ship prepared for CSR matrices and sparse vectors only)`,
    'CSR matrices or sparse vectors, or the compiler imported',
  );
}

/** `blockProduct(...)` of the installed compiler route, or the error naming its import. */
export function blockProduct(
  opName: string,
  kernelName: SparseKernelName,
  A: SparseTensor,
  denseName: string,
  dense: Tensor,
  options?: SparseOpOptions,
): Tensor {
  if (installed === undefined) throw blockCompilerError(FIXED_EXPRESSIONS[kernelName] as string);
  return installed(opName, kernelName, A, denseName, dense, options);
}
