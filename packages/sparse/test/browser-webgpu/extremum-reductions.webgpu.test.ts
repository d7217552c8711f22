/** The min/max reduction suite (test/gpu-support/extremum-suite.ts) on WebGPU (SwiftShader). */

import { describeExtremumSuite } from '../gpu-support/extremum-suite.js';
import { WEBGPU } from '../gpu-support/webgpu.js';

describeExtremumSuite(WEBGPU);
