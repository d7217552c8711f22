/** The shared sparse GPU suite (test/gpu-support/sparse-suite.ts) on WebGL2 (SwiftShader). */

import { describeSparseSuite } from '../gpu-support/sparse-suite.js';
import { WEBGL } from '../gpu-support/webgl.js';

// A COO matrix is made CSR on the device, as on WebGPU; DCSR's compressed outer level and dot
// products have no fragment-per-output form, so they take the host route.
describeSparseSuite(WEBGL, {
  spmv: ['CSR', 'COO'],
  spmm: ['CSR', 'COO'],
  sddmm: ['CSR', 'CSC', 'COO'],
  sparseDot: [],
  toDense: ['CSR', 'CSC', 'COO'],
});
