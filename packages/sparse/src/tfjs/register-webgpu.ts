/**
 * `@tilekit/sparse/tfjs/register-webgpu`: registers the sparse kernels for the `webgpu` backend and
 * their gradients. The ready-made ops' prepared kernels carry their webgpu passes; other formats
 * and options need `@tilekit/sparse/tfjs/compiler` (which also generates their passes). Loads
 * tfjs-core only; the app imports the backend itself.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './register-gradients.js';
import { sparseWebgpuKernelConfigs } from './webgpu/kernels.js';

for (const config of sparseWebgpuKernelConfigs) registerKernel(config);
