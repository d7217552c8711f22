/**
 * sparseMul, sparseDiagScale and sparseWithValues on WebGL2 (SwiftShader): the shared suite of
 * test/tfjs/support/same-pattern-suite.ts.
 */
import { WEBGL } from '../gpu-support/webgl.js';
import { describeSamePatternSuite } from '../tfjs/support/same-pattern-suite.js';

describeSamePatternSuite(WEBGL, 3);
