/**
 * Kernels whose output a call computes without running their loops (the conversions of
 * planning/copy-conversion.ts). `sparsify` installs the route with each such kernel, so that
 * `runKernel` consults one lookup and prepared kernels' call path carries none of the routes.
 */
import type { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import type { SparseKernel } from '../sparse-kernel.js';
import type { KernelOperand } from './bind.js';

/**
 * The output of a call computed another way, or `undefined` where the kernel's own loops
 * must run (operands the route does not take; they get the loops' checks and errors).
 */
export type ConversionRoute = (
  operands: Readonly<Record<string, KernelOperand>>,
) => SparseTensor | undefined;

const ROUTES = new WeakMap<SparseKernel, ConversionRoute>();

/** Makes `runKernel` compute `kernel`'s output by `route` where it takes the operands. */
export function installConversionRoute(kernel: SparseKernel, route: ConversionRoute): void {
  ROUTES.set(kernel, route);
}

/** The route installed with `kernel`, if any. */
export function conversionRouteOf(kernel: SparseKernel): ConversionRoute | undefined {
  return ROUTES.get(kernel);
}
