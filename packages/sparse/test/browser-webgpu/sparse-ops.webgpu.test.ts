/** The shared sparse GPU suite (test/gpu-support/sparse-suite.ts) on WebGPU (SwiftShader). */

import { describeSparseSuite } from '../gpu-support/sparse-suite.js';
import { WEBGPU } from '../gpu-support/webgpu.js';

describeSparseSuite(WEBGPU);
