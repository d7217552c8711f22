/**
 * `@tilekit/sparse/tfjs/register-webgl/sparseDot`: registers for the `webgl` backend the kernels
 * `sparseDot` runs (see register-once.ts) and the gradients, with `sparseDot`'s prepared passes
 * only, so that an app using this op alone bundles no other op's passes (import one entry per op
 * the app calls; `toDense()` is `sparseToDense`). `@tilekit/sparse/tfjs/register-webgl` registers
 * every op; both may be imported.
 */
import '../register-gradients.js';
import { SparseDot } from '../kernel-names.js';
import { SPARSE_DOT_WEBGL_PASSES } from '../prepared/sparse-dot-webgl-passes.generated.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebglKernels } from '../webgl/kernels.js';

registerKernelsOnce(
  sparseWebglKernels.configs(opKernelNames(SparseDot), [SPARSE_DOT_WEBGL_PASSES]),
);
