/**
 * `@tilekit/sparse/tfjs/register-cpu`: registers the sparse kernels for the `cpu` backend and
 * their gradients. Loads tfjs-core only; the app imports the backend itself.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './register-gradients.js';
import { sparseCpuKernelConfigs } from './cpu/kernels.js';

for (const config of sparseCpuKernelConfigs) registerKernel(config);
