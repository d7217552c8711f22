/** The device assembly suite (test/gpu-support/assembly-suite.ts) on WebGL2 (SwiftShader). */
import { describeAssemblySuite } from '../gpu-support/assembly-suite.js';
import { WEBGL } from '../gpu-support/webgl.js';

describeAssemblySuite(WEBGL);
