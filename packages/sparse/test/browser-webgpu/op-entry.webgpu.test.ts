/** register-webgpu/spmv alone (test/gpu-support/op-entry-suite.ts), in Chromium. */
import '@tensorflow/tfjs-backend-webgpu';
import '../../src/tfjs/register-webgpu/spmv.js';
import { describeOpEntry } from '../gpu-support/op-entry-suite.js';

describeOpEntry('webgpu');
