/**
 * The sparse kernels on WebGPU (Dawn's SwiftShader adapter, launched with
 * `--enable-unsafe-webgpu` by tools/bench/src/browser): the shared suite of sparse_gpu_suite.ts.
 */
import '@tensorflow/tfjs-backend-webgpu';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import { GpuProbe, onEachCall } from '@tilekit/bench/gpu-probe';
import '../../src/tfjs/register-webgpu.js';
import { sparseGpuSuite } from './sparse_gpu_suite.js';

const webgpu = () => tf.findBackend('webgpu') as WebGPUBackend;

/** Submits tfjs's queued passes and waits until the device has finished them. */
async function finishGpuWork(): Promise<void> {
  const backend = webgpu();
  backend.ensureCommandEncoderReady();
  backend.endComputePassEncoder();
  backend.submitQueue();
  await backend.device.queue.onSubmittedWorkDone();
}

const probe = new GpuProbe({
  waitFor: () => finishGpuWork(),
  hookCompilations: (onCompile) => onEachCall(webgpu().device, 'createComputePipeline', onCompile),
});

export default sparseGpuSuite('webgpu', probe, () => tf.env().set('WEBGPU_CPU_FORWARD', false));
