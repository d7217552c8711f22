/**
 * The sparse kernels on WebGPU (Dawn's SwiftShader adapter, launched with
 * `--enable-unsafe-webgpu` by tools/bench/src/browser): the shared suite of sparse_gpu_suite.ts.
 * Kernel time ends when the device reports the submitted work done.
 */
import '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import { webgpuProbe } from '@tilekit/bench/gpu-probe';
import '../../src/tfjs/register-webgpu.js';
import { sparseGpuSuite } from './sparse-gpu-suite.js';

export default sparseGpuSuite('webgpu', webgpuProbe(), {
  prepare: () => tf.env().set('WEBGPU_CPU_FORWARD', false),
});
