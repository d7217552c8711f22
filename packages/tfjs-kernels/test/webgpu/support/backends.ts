/**
 * One page, two backends: tfjs-backend-cpu and tfjs-backend-webgpu registered side by side with
 * this package's kernels for both, so suites can run the same op on each and compare.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgpu';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
// Gradients of tfjs's own ops (sum, mul ...), which the full @tensorflow/tfjs bundle registers.
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { afterEach, beforeAll, expect } from 'vitest';
import '../../../src/register-cpu.js';
import '../../../src/register-webgpu.js';
import { expectCountsKept } from '../../support/balance.js';
import { switchBackend } from '../../support/cross-backend/backend-switch.js';

export { exactValues } from '../../support/cross-backend/exact-values.js';
export { tf };

export type BackendName = 'cpu' | 'webgpu';

/** Switches the active backend (both are initialised once, so this is cheap after the first). */
export const useBackend: (name: BackendName) => Promise<void> = switchBackend;

/** The WebGPU backend instance. */
export function webgpuBackend(): WebGPUBackend {
  return tf.findBackend('webgpu') as WebGPUBackend;
}

/** Whether a tensor's data lives in a GPU buffer (a CPU-routed result has none). */
export function isOnGpu(t: tf.TensorInfo): boolean {
  return webgpuBackend().tensorMap.get(t.dataId).resource != null;
}

/** Moves a tensor's data to the GPU only (drops the CPU copy), as a GPU op's output is. */
export function gpuOnly<T extends tf.TensorInfo>(t: T): T {
  webgpuBackend().uploadToGPU(t.dataId);
  if (webgpuBackend().tensorMap.get(t.dataId).values != null) {
    throw new Error('upload kept the CPU copy');
  }
  return t;
}

/**
 * Registers hooks that put the suite on WebGPU (assert, never skip) with tfjs's CPU forwarding
 * of small inputs off, so tiny tensors exercise the passes too.
 */
export function onWebgpu(): void {
  beforeAll(async () => {
    await useBackend('webgpu');
    expect(tf.getBackend()).toBe('webgpu');
    tf.env().set('WEBGPU_CPU_FORWARD', false);
  });
  afterEach(async () => {
    tf.env().set('WEBGPU_CPU_FORWARD', false);
    await useBackend('webgpu');
  });
}

/** Tensors and backend data ids: a leak grows either. */
function counts(): { tensors: number; dataIds: number } {
  return { tensors: tf.memory().numTensors, dataIds: webgpuBackend().numDataIds() };
}

/** Runs `fn` (which must dispose what it creates) and expects every count back where it was. */
export async function expectBalanced<T>(fn: () => T | Promise<T>): Promise<T> {
  return expectCountsKept(counts, fn);
}
