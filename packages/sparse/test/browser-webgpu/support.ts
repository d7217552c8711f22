/**
 * One page, two backends: tfjs-backend-cpu and tfjs-backend-webgpu with the sparse kernels
 * registered for both; the suites assert (never skip) that WebGPU is really the backend.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgpu';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { beforeAll, expect } from 'vitest';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-webgpu.js';

export { tf };

/** Switches the active backend (each is initialised once). */
export async function useBackend(name: 'cpu' | 'webgpu'): Promise<void> {
  if (tf.getBackend() === name) return;
  if (!(await tf.setBackend(name))) throw new Error(`backend ${name} failed to initialise`);
}

/** The WebGPU backend instance. */
export function webgpuBackend(): WebGPUBackend {
  return tf.findBackend('webgpu') as WebGPUBackend;
}

/** Whether a tensor's data lives only in a GPU buffer (no CPU copy). */
export function onGpuOnly(t: tf.TensorInfo): boolean {
  const data = webgpuBackend().tensorMap.get(t.dataId);
  return data.resource != null && data.values == null;
}

/** Puts the suite on WebGPU with tfjs's CPU forwarding of small inputs off. */
export function onWebgpu(): void {
  beforeAll(async () => {
    await useBackend('webgpu');
    expect(tf.getBackend()).toBe('webgpu');
    tf.env().set('WEBGPU_CPU_FORWARD', false);
  });
}

/** Pipelines compiled on the WebGPU device since the counter was installed. */
let compiled = 0;
let installed = false;
export function compiledPipelines(): number {
  if (!installed) {
    const device = webgpuBackend().device;
    const create = device.createComputePipeline.bind(device);
    device.createComputePipeline = (descriptor) => {
      compiled += 1;
      return create(descriptor);
    };
    installed = true;
  }
  return compiled;
}
