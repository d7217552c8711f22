/** register-webgpu without the compiler (test/gpu-support/prepared-passes-suite.ts), SwiftShader WebGPU. */
import '@tensorflow/tfjs-backend-webgpu';
import '../../src/tfjs/register-webgpu.js';
import { describePreparedPasses } from '../gpu-support/prepared-passes-suite.js';

describePreparedPasses('webgpu');
