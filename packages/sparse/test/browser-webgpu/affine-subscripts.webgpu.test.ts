/** The affine-subscript convolution suite (test/gpu-support/affine-suite.ts) on WebGPU (SwiftShader). */

import { describeAffineSuite } from '../gpu-support/affine-suite.js';
import { WEBGPU } from '../gpu-support/webgpu.js';

describeAffineSuite(WEBGPU);
