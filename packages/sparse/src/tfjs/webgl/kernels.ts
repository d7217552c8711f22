/**
 * The sparse kernels on the `webgl` backend. They run the compiled loops on the host (reading
 * the inputs back) until a GLSL form of the loop nest exists for the kernel.
 */
import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import { type ReadableBackend, runHostRoute } from '../host_route.js';
import { SPARSE_KERNEL_NAMES, type SparseKernelAttrs } from '../kernel_names.js';
import { sparseCall } from '../sparse_call.js';

/** The kernel function of `kernelName` on the webgl backend. */
export function webglSparseKernel(kernelName: string): KernelFunc {
  return ({ inputs, backend, attrs }) => {
    const call = sparseCall(
      kernelName,
      inputs as Record<string, TensorInfo>,
      attrs as unknown as SparseKernelAttrs,
    );
    return runHostRoute(
      call,
      backend as unknown as ReadableBackend,
      'webgl',
      kernelName,
      'no GLSL form of this loop nest',
    );
  };
}

/** Every sparse kernel's config for the webgl backend. */
export const sparseWebglKernelConfigs: readonly KernelConfig[] = SPARSE_KERNEL_NAMES.map(
  (kernelName) => ({ kernelName, backendName: 'webgl', kernelFunc: webglSparseKernel(kernelName) }),
);
