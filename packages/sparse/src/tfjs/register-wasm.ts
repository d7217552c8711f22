/**
 * `@tilekit/sparse/tfjs/register-wasm`: registers the sparse kernels for the `wasm` backend and
 * their gradients. Loads tfjs-core only; the app imports the backend itself.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './register-gradients.js';
import { sparseWasmKernelConfigs } from './wasm/kernels.js';

for (const config of sparseWasmKernelConfigs) registerKernel(config);
