/**
 * `@tilekit/sparse/tfjs/register-webgl`: registers the sparse kernels for the `webgl` backend and
 * their gradients, and installs the sparse compiler (the backend's shaders are generated from the
 * emitted loops). Loads tfjs-core only; the app imports the backend itself.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './compiler.js';
import './register-gradients.js';
import { sparseWebglKernelConfigs } from './webgl/kernels.js';

for (const config of sparseWebglKernelConfigs) registerKernel(config);
