/**
 * `@tilekit/sparse/tfjs/register-webgl/spmv`: registers for the `webgl` backend the kernels `spmv`
 * runs (see register-once.ts) and the gradients, with `spmv`'s prepared passes only, so that an app
 * using this op alone bundles no other op's passes (import one entry per op the app calls;
 * `toDense()` is `sparseToDense`). `@tilekit/sparse/tfjs/register-webgl` registers every op; both
 * may be imported.
 */
import '../register-gradients.js';
import { SparseSpmv } from '../kernel-names.js';
import { SPMV_WEBGL_PASSES } from '../prepared/spmv-webgl-passes.generated.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebglKernels } from '../webgl/kernels.js';

registerKernelsOnce(sparseWebglKernels.configs(opKernelNames(SparseSpmv), [SPMV_WEBGL_PASSES]));
