/**
 * The sparse x sparse ops of each assembly combine (see assembly-reference.ts), synchronous and
 * Promise-returning, for the suites that hold them to the reference on each backend.
 */
import {
  sparseAdd,
  sparseAddAsync,
  sparseMatMul,
  sparseMatMulAsync,
  sparseMul,
  sparseMulAsync,
  type TfSparseTensor,
} from '../../../src/tfjs/index.js';

/** The synchronous op of each combine, on two operands. */
export const SYNC_ASSEMBLY_OPS = {
  product: (a: TfSparseTensor, b: TfSparseTensor) => sparseMatMul(a, b),
  union: (a: TfSparseTensor, b: TfSparseTensor) => sparseAdd(a, b),
  intersection: (a: TfSparseTensor, b: TfSparseTensor) => sparseMul(a, b),
} as const;

/** The Promise-returning op of each combine. */
export const ASYNC_ASSEMBLY_OPS = {
  product: sparseMatMulAsync,
  union: sparseAddAsync,
  intersection: sparseMulAsync,
} as const;
