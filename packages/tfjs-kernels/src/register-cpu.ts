/**
 * `@tilekit/tfjs-kernels/register-cpu`: registers the CPU kernels and the gradients. Loads only
 * tfjs-core (the CPU backend itself is the app's import); never touches WebGL.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './register-gradients.js';
import { cpuKernelConfigs } from './cpu/kernels/index.js';

for (const config of cpuKernelConfigs) registerKernel(config);
