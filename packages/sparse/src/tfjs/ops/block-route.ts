/**
 * Where `spmv` and `spmm` hand a block (BSR) or structured (n:m) matrix on: to the level-space
 * product of block-product.ts, which the compiler route installs (such kernels are always
 * compiled), so that the ready-made ops' bundles carry neither it nor the level-space reshaping.
 */
import type { Tensor } from '@tensorflow/tfjs-core';
import type { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../../sparsify/errors.js';
import { SPARSE_COMPILER_ENTRY, toDenseExpression } from '../compiled-kernel.js';
import type { DeviceSparse } from '../device-sparse.js';
import { FIXED_EXPRESSIONS, type SparseKernelName } from '../kernel-names.js';
import type { SparseOpOptions } from '../sparse-op-key.js';

/**
 * A fixed kernel with a block or structured `A` (see block-product.ts): a product with its dense
 * operand `dense` named `denseName`, or `A`'s dense form (`SparseToDenseTensor`, no operand).
 */
export type BlockProduct = (
  opName: string,
  kernelName: SparseKernelName,
  A: BlockMatrix,
  denseName?: string,
  dense?: Tensor,
  options?: SparseOpOptions,
) => Tensor;

/** A block or structured sparse tensor: on the host, or its storage on the backend. */
export type BlockMatrix = SparseTensor | DeviceSparse;

let installed: BlockProduct | undefined;

/** Installs the block product (the compiler route does, see compile-route.ts). */
export function installBlockProduct(product: BlockProduct | undefined): void {
  installed = product;
}

/** Whether `A` is stored in a block or structured format (levels `d floordiv k`, `d mod k`). */
export function isBlockMatrix(A: BlockMatrix): boolean {
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
export const blockProduct: BlockProduct = (opName, kernelName, A, denseName, dense, options) => {
  if (installed === undefined)
    throw blockCompilerError(FIXED_EXPRESSIONS[kernelName] ?? toDenseExpression(A.rank));
  return installed(opName, kernelName, A, denseName, dense, options);
};
