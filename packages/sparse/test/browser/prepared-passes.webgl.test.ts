/** register-webgl without the compiler (test/gpu-support/prepared-passes-suite.ts), in Chromium. */
import '@tensorflow/tfjs-backend-webgl';
import '../../src/tfjs/register-webgl.js';
import { describePreparedPasses } from '../gpu-support/prepared-passes-suite.js';

describePreparedPasses('webgl');
