/**
 * The sparse kernels on WebGL (SwiftShader WebGL2 in headless Chromium): the shared suite of
 * sparse_gpu_suite.ts. Kernel time ends at a sync point that reads one texel of the output.
 */
import '@tensorflow/tfjs-backend-webgl';
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
import { GpuProbe, onEachCall } from '@tilekit/bench/gpu-probe';
import '../../src/tfjs/register-webgl.js';
import { sparseGpuSuite } from './sparse_gpu_suite.js';

const webgl = () => tf.findBackend('webgl') as MathBackendWebGL;

const probe = new GpuProbe({
  waitFor: (t) => {
    const { texture } = webgl().texData.get(t.dataId);
    if (texture != null) webgl().gpgpu.downloadMatrixFromPackedTexture(texture.texture, 1, 1);
    return undefined;
  },
  hookCompilations: (onCompile) => onEachCall(webgl().gpgpu, 'createProgram', onCompile),
});

export default sparseGpuSuite('webgl', probe);
