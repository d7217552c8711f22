/**
 * `@tilekit/sparse/tfjs/register-webgpu`: registers the sparse kernels for the `webgpu` backend and
 * their gradients. The ready-made ops' prepared kernels carry their webgpu passes; other formats
 * and options need `@tilekit/sparse/tfjs/compiler` (which also generates their passes). An app
 * using one op may import that op's entry instead (`register-webgpu/spmv`, ...: see
 * register-webgpu/), which bundles that op's passes only. Loads tfjs-core only; the app imports
 * the backend itself.
 */
import './register-gradients.js';
import { registerKernelsOnce } from './register-once.js';
import { sparseWebgpuKernelConfigs } from './webgpu/all-ops.js';

registerKernelsOnce(sparseWebgpuKernelConfigs);
