/**
 * How the GPU register entries register their kernels: the full entries (`register-webgl`) and
 * the ready-made ops' own (`register-webgl/spmv`, ...) share one config per kernel, and an app
 * may import several of them, so each registers only the kernels not registered yet (tfjs warns
 * about a second registration).
 */
import { getKernel, type KernelConfig, registerKernel } from '@tensorflow/tfjs-core';
import { type SparseKernelName, SparseOp } from './kernel-names.js';

/** Registers each of `configs` whose kernel has none for its backend yet. */
export function registerKernelsOnce(configs: readonly KernelConfig[]): void {
  for (const config of configs)
    if (getKernel(config.kernelName, config.backendName) === undefined) registerKernel(config);
}

/**
 * The kernels an op's own register entry registers: the op's, and `SparseOp`, which its
 * gradients and device forms run. Another op's kernel stays unregistered (`toDense()` is
 * `sparseToDense`'s), so calling that op is tfjs's missing-kernel error naming the full entry,
 * as with tfjs's own per-kernel registration.
 */
export function opKernelNames(kernelName: SparseKernelName): readonly SparseKernelName[] {
  return [...new Set<SparseKernelName>([kernelName, SparseOp])];
}
