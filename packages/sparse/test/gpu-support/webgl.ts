/**
 * One page, two backends: tfjs-backend-cpu and tfjs-backend-webgl with the sparse kernels
 * registered for both, and the compiler installed (the suites cover formats and options nothing
 * was prepared for; prepared kernels still run their prepared passes first).
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
import { callCounter } from '@tilekit/bench/gpu-probe';
// Gradients of tfjs's own ops (sum, mul ...), which the full @tensorflow/tfjs bundle registers.
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/compiler.js';
import '../../src/tfjs/register-webgl.js';
import type { GpuSuiteBackend } from './sparse-suite.js';

function webgl(): MathBackendWebGL {
  return tf.findBackend('webgl') as MathBackendWebGL;
}

/** Programs compiled on the WebGL backend since the first read. */
const compiledPrograms = callCounter(() => webgl().gpgpu, 'createProgram');

/** The WebGL backend as the shared suite drives it. */
export const WEBGL: GpuSuiteBackend = {
  name: 'webgl',
  onGpuOnly: (t) => {
    const data = webgl().texData.get(t.dataId);
    return data.texture != null && data.values == null;
  },
  upload: (t) => webgl().uploadToGPU(t.dataId),
  compiledPrograms,
};
