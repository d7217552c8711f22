/**
 * The sparse kernels on the `cpu` backend: operands are read in place from the backend's arrays
 * and the compiled kernel (wasm engine by default) writes a fresh output array. One kernel
 * function serves every sparse kernel name: the attributes say what to compute.
 */
import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import { SPARSE_KERNEL_NAMES } from '../kernel-names.js';
import { recordSparseKernelRun } from '../kernel-path.js';
import { runOnHost, sparseCall } from '../sparse-call.js';

/** What the sparse kernels use of the cpu backend. */
interface CpuBackendLike {
  readSync(dataId: unknown): unknown;
  makeTensorInfo(shape: number[], dtype: string, values: Float32Array | Int32Array): TensorInfo;
}

/** The kernel function of `kernelName` on the cpu backend. */
export function cpuSparseKernel(kernelName: string): KernelFunc {
  return (config) => {
    const cpu = config.backend as unknown as CpuBackendLike;
    const call = sparseCall(kernelName, config);
    const out = runOnHost(call, (info) => cpu.readSync(info.dataId) as Float32Array | Int32Array);
    recordSparseKernelRun({ kernelName, backend: 'cpu', path: 'host' });
    return cpu.makeTensorInfo(out.shape, call.compiled.dtype, out.values);
  };
}

/** Every sparse kernel's config for the cpu backend. */
export const sparseCpuKernelConfigs: readonly KernelConfig[] = SPARSE_KERNEL_NAMES.map(
  (kernelName) => ({ kernelName, backendName: 'cpu', kernelFunc: cpuSparseKernel(kernelName) }),
);
