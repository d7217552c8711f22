/**
 * `@tilekit/sparse/tfjs/register-webgl`: registers the sparse kernels for the `webgl` backend and
 * their gradients. The ready-made ops' prepared kernels carry their webgl passes; other formats
 * and options need `@tilekit/sparse/tfjs/compiler` (which also generates their passes). Loads
 * tfjs-core only; the app imports the backend itself.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './register-gradients.js';
import { sparseWebglKernelConfigs } from './webgl/kernels.js';

for (const config of sparseWebglKernelConfigs) registerKernel(config);
