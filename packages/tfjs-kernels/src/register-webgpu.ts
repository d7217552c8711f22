/**
 * `@tilekit/tfjs-kernels/register-webgpu`: registers the WebGPU kernels and the gradients (shared
 * with the other entries). Loads tfjs-core only; the app imports `@tensorflow/tfjs-backend-webgpu`
 * itself.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './register-gradients.js';
import { webgpuKernelConfigs } from './webgpu/kernels/index.js';

for (const config of webgpuKernelConfigs) registerKernel(config);
