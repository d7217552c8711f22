/**
 * `@tilekit/sparse/tfjs/register-webgpu`: registers the sparse kernels for the `webgpu` backend and
 * their gradients, and installs the sparse compiler (the backend's shaders are generated from the
 * emitted loops). Loads tfjs-core only; the app imports the backend itself.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './compiler.js';
import './register-gradients.js';
import { sparseWebgpuKernelConfigs } from './webgpu/kernels.js';

for (const config of sparseWebgpuKernelConfigs) registerKernel(config);
