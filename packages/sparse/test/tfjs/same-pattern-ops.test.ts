/**
 * sparseMul, sparseDiagScale and sparseWithValues on the cpu and wasm backends (the shared suite
 * of test/tfjs/support/same-pattern-suite.ts, which the WebGL and WebGPU suites also run).
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { describeSamePatternSuite } from './support/same-pattern-suite.js';

describeSamePatternSuite({ name: 'cpu' }, 6);
describeSamePatternSuite({ name: 'wasm' }, 6);
