/**
 * When a WebGPU kernel runs the shared backend-free CPU implementation instead of a pass. WebGPU
 * keeps int32 exact and float32 bits intact, so the only shared rule is tfjs's own: small inputs
 * that never reached the GPU are cheaper on the CPU (`WEBGPU_CPU_FORWARD`).
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { TensorInfo } from '@tensorflow/tfjs-core';
import { expectBackend, expectTensorInfos } from '../pass-arguments.js';

/** Why these inputs run on the CPU, or `null` to run passes. */
export function cpuRouteReason(
  backend: WebGPUBackend,
  inputs: readonly TensorInfo[],
): string | null {
  expectBackend(backend, 'webgpuCpuRouteReason', 'webgpu', ['shouldExecuteOnCPU']);
  expectTensorInfos(inputs, 'webgpuCpuRouteReason', 'inputs');
  if (inputs.some((t) => t.shape.includes(0))) return 'a tensor is empty';
  if (backend.shouldExecuteOnCPU([...inputs])) {
    return 'every input is small and still on the CPU (shouldExecuteOnCPU)';
  }
  return null;
}
