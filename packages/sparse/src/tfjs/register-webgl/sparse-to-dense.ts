/**
 * `@tilekit/sparse/tfjs/register-webgl/sparseToDense`: registers for the `webgl` backend the
 * kernels `sparseToDense` runs (see register-once.ts) and the gradients, with `sparseToDense`'s
 * prepared passes only, so that an app using this op alone bundles no other op's passes (import one
 * entry per op the app calls; `toDense()` is `sparseToDense`).
 * `@tilekit/sparse/tfjs/register-webgl` registers every op; both may be imported.
 */
import '../register-gradients.js';
import { SparseToDenseTensor } from '../kernel-names.js';
import { TO_DENSE_WEBGL_PASSES } from '../prepared/to-dense-webgl-passes.generated.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebglKernels } from '../webgl/kernels.js';

registerKernelsOnce(
  sparseWebglKernels.configs(opKernelNames(SparseToDenseTensor), [TO_DENSE_WEBGL_PASSES]),
);
