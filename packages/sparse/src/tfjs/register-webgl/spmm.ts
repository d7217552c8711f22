/**
 * `@tilekit/sparse/tfjs/register-webgl/spmm`: registers for the `webgl` backend the kernels `spmm`
 * runs (see register-once.ts) and the gradients, with `spmm`'s prepared passes only, so that an app
 * using this op alone bundles no other op's passes (import one entry per op the app calls;
 * `toDense()` is `sparseToDense`). `@tilekit/sparse/tfjs/register-webgl` registers every op; both
 * may be imported.
 */
import '../register-gradients.js';
import { SparseSpmm } from '../kernel-names.js';
import { SPMM_WEBGL_PASSES } from '../prepared/spmm-webgl-passes.generated.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebglKernels } from '../webgl/kernels.js';

registerKernelsOnce(sparseWebglKernels.configs(opKernelNames(SparseSpmm), [SPMM_WEBGL_PASSES]));
