/**
 * `@tilekit/sparse/tfjs/register-webgl/sddmm`: registers for the `webgl` backend the kernels
 * `sddmm` runs (see register-once.ts) and the gradients, with `sddmm`'s prepared passes only, so
 * that an app using this op alone bundles no other op's passes (import one entry per op the app
 * calls; `toDense()` is `sparseToDense`). `@tilekit/sparse/tfjs/register-webgl` registers every op;
 * both may be imported.
 */
import '../register-gradients.js';
import { SparseSddmm } from '../kernel-names.js';
import { SDDMM_WEBGL_PASSES } from '../prepared/sddmm-webgl-passes.generated.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebglKernels } from '../webgl/kernels.js';

registerKernelsOnce(sparseWebglKernels.configs(opKernelNames(SparseSddmm), [SDDMM_WEBGL_PASSES]));
