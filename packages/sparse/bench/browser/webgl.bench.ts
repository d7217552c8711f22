/**
 * The sparse kernels on WebGL (SwiftShader WebGL2 in headless Chromium): the shared suite of
 * sparse_gpu_suite.ts. Kernel time ends at a sync point that reads one texel of the output.
 */
import '@tensorflow/tfjs-backend-webgl';
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
import { webglProbe } from '@tilekit/bench/gpu-probe';
import '../../src/tfjs/register-webgl.js';
import { sparseGpuSuite } from './sparse-gpu-suite.js';

export default sparseGpuSuite('webgl', webglProbe(), {
  upload: (t) => (tf.findBackend('webgl') as MathBackendWebGL).uploadToGPU(t.dataId),
});
