/**
 * One page, two backends: tfjs-backend-cpu and tfjs-backend-webgpu with the sparse kernels
 * registered for both, and the compiler installed (the suites cover formats and options nothing
 * was prepared for; prepared kernels still run their prepared passes first).
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgpu';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import { callCounter } from '@tilekit/bench/gpu-probe';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/compiler.js';
import '../../src/tfjs/register-webgpu.js';
import type { GpuSuiteBackend } from './sparse-suite.js';

/** The WebGPU backend instance. */
function webgpuBackend(): WebGPUBackend {
  return tf.findBackend('webgpu') as WebGPUBackend;
}

/** Whether a tensor's data lives only in a GPU buffer (no CPU copy). */
function onGpuOnly(t: tf.TensorInfo): boolean {
  const data = webgpuBackend().tensorMap.get(t.dataId);
  return data.resource != null && data.values == null;
}

/** Pipelines compiled on the WebGPU device since the first read. */
const compiledPipelines = callCounter(() => webgpuBackend().device, 'createComputePipeline');

let reads = 0;
let counting = false;

/** Synchronous reads of GPU-only data since the counter was installed. */
function synchronousReads(): number {
  if (!counting) {
    const backend = webgpuBackend();
    const readSync = backend.readSync.bind(backend);
    backend.readSync = (dataId) => {
      if (backend.tensorMap.get(dataId).values == null) reads += 1;
      return readSync(dataId);
    };
    counting = true;
  }
  return reads;
}

/** The WebGPU backend as the shared suite drives it (tfjs's CPU forwarding of small inputs off). */
export const WEBGPU: GpuSuiteBackend = {
  name: 'webgpu',
  prepare: () => tf.env().set('WEBGPU_CPU_FORWARD', false),
  onGpuOnly,
  compiledPrograms: compiledPipelines,
  synchronousReads,
  deviceOnly: true,
  bindsEmptyInputs: true,
};
