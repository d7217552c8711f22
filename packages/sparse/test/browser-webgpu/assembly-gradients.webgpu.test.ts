/** The sparse-result gradient suite (test/gpu-support/assembly-gradient-suite.ts) on WebGPU (SwiftShader). */
import { describeAssemblyGradientSuite } from '../gpu-support/assembly-gradient-suite.js';
import { WEBGPU } from '../gpu-support/webgpu.js';

describeAssemblyGradientSuite(WEBGPU);
