/**
 * sparseMul, sparseDiagScale and sparseWithValues on WebGPU (SwiftShader): the shared suite of
 * test/tfjs/support/same-pattern-suite.ts, with tfjs's CPU forwarding of small inputs off and
 * no synchronous read-back allowed.
 */
import { WEBGPU } from '../gpu-support/webgpu.js';
import { describeSamePatternSuite } from '../tfjs/support/same-pattern-suite.js';

describeSamePatternSuite(WEBGPU, 3);
