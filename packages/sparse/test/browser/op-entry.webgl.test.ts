/** register-webgl/spmv alone (test/gpu-support/op-entry-suite.ts), in Chromium. */
import '@tensorflow/tfjs-backend-webgl';
import '../../src/tfjs/register-webgl/spmv.js';
import { describeOpEntry } from '../gpu-support/op-entry-suite.js';

describeOpEntry('webgl');
