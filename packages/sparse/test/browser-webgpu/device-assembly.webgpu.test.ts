/** The device assembly suite (test/gpu-support/assembly-suite.ts) on WebGPU (SwiftShader). */
import { describeAssemblySuite } from '../gpu-support/assembly-suite.js';
import { WEBGPU } from '../gpu-support/webgpu.js';

describeAssemblySuite(WEBGPU);
