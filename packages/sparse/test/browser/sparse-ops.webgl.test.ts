/** The shared sparse GPU suite (test/gpu-support/sparse-suite.ts) on WebGL2 (SwiftShader). */

import { describeSparseSuite } from '../gpu-support/sparse-suite.js';
import { WEBGL } from '../gpu-support/webgl.js';

describeSparseSuite(WEBGL, {
  spmv: ['CSR'],
  spmm: ['CSR'],
  sddmm: ['CSR', 'CSC'],
  sparseDot: [],
  toDense: ['CSR', 'CSC'],
});
