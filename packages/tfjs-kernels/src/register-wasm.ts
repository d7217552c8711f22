/**
 * `@tilekit/tfjs-kernels/register-wasm`: registers the kernels for `@tensorflow/tfjs-backend-wasm`
 * (4.x) and the gradients (shared with the other entries). Loads tfjs-core only; the app imports
 * the wasm backend itself. Kernels work in place on the backend's heap: the relayout family
 * through a small hand-assembled SIMD module that imports the backend's memory.
 */
import { registerKernel } from '@tensorflow/tfjs-core';
import './register-gradients.js';
import { wasmKernelConfigs } from './wasm/kernels/index.js';

for (const config of wasmKernelConfigs) registerKernel(config);
