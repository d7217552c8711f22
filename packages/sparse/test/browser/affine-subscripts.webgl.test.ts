/** The affine-subscript convolution suite (test/gpu-support/affine-suite.ts) on WebGL2 (SwiftShader). */

import { describeAffineSuite } from '../gpu-support/affine-suite.js';
import { WEBGL } from '../gpu-support/webgl.js';

describeAffineSuite(WEBGL);
