/**
 * The sparse kernels on WebGPU: the shared suite of sparse-gpu-suite.ts. In `npm run bench` it
 * runs in headless Chromium on Dawn's SwiftShader adapter (launched with `--enable-unsafe-webgpu`
 * by tools/bench/src/browser); ../dawn/sparse-on-dawn.ts runs it in Node on a real GPU. Kernel
 * time ends when the device reports the submitted work done.
 */
import '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import type { BenchSuite } from '@tilekit/bench';
import { webgpuProbe } from '@tilekit/bench/gpu-probe';
import '../../src/tfjs/register-webgpu.js';
import { sparseGpuSuite } from './sparse-gpu-suite.js';

/** The suite on the `webgpu` backend, its title naming `device` (what runs the shaders). */
export function sparseWebgpuSuite(device: string): BenchSuite {
  return sparseGpuSuite('webgpu', webgpuProbe(), {
    device,
    prepare: () => tf.env().set('WEBGPU_CPU_FORWARD', false),
  });
}

export default sparseWebgpuSuite('headless Chromium, SwiftShader');
