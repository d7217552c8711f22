/**
 * `@tilekit/tfjs-kernels/register-webgl`: registers the WebGL kernels and the gradients (shared
 * with the CPU entry). Loads tfjs-core only; the app imports `@tensorflow/tfjs-backend-webgl`
 * itself. Each kernel runs the shared CPU implementation where WebGL cannot be exact.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './register-gradients.js';
import { webglKernelConfigs } from './webgl/kernels/index.js';

for (const config of webglKernelConfigs) registerKernel(config);
