/** The shared sparse GPU suite (test/gpu-support/sparse_suite.ts) on WebGPU (SwiftShader). */

import { describeSparseSuite } from '../gpu-support/sparse_suite.js';
import { WEBGPU } from '../gpu-support/webgpu.js';

describeSparseSuite(WEBGPU);
