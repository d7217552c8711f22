/** The sparse-result gradient suite (test/gpu-support/assembly-gradient-suite.ts) on WebGL2 (SwiftShader). */
import { describeAssemblyGradientSuite } from '../gpu-support/assembly-gradient-suite.js';
import { WEBGL } from '../gpu-support/webgl.js';

describeAssemblyGradientSuite(WEBGL);
