/** The min/max reduction suite (test/gpu-support/extremum-suite.ts) on WebGL2 (SwiftShader). */

import { describeExtremumSuite } from '../gpu-support/extremum-suite.js';
import { WEBGL } from '../gpu-support/webgl.js';

describeExtremumSuite(WEBGL);
