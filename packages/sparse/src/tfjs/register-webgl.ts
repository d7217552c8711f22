/**
 * `@tilekit/sparse/tfjs/register-webgl`: registers the sparse kernels for the `webgl` backend and
 * their gradients. The ready-made ops' prepared kernels carry their webgl passes; other formats
 * and options need `@tilekit/sparse/tfjs/compiler` (which also generates their passes). An app
 * using one op may import that op's entry instead (`register-webgl/spmv`, ...: see
 * register-webgl/), which bundles that op's passes only. Loads tfjs-core only; the app imports
 * the backend itself.
 */
import './register-gradients.js';
import { registerKernelsOnce } from './register-once.js';
import { sparseWebglKernelConfigs } from './webgl/all-ops.js';

registerKernelsOnce(sparseWebglKernelConfigs);
