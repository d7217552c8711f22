/**
 * `@tilekit/sparse/tfjs/register-webgpu/sparseDot`: registers for the `webgpu` backend the kernels
 * `sparseDot` runs (see register-once.ts) and the gradients, with `sparseDot`'s prepared passes
 * only, so that an app using this op alone bundles no other op's passes (import one entry per op
 * the app calls; `toDense()` is `sparseToDense`). `@tilekit/sparse/tfjs/register-webgpu` registers
 * every op; both may be imported.
 */
import '../register-gradients.js';
import { SparseDot } from '../kernel-names.js';
import { SPARSE_DOT_WEBGPU_FORMS } from '../prepared/sparse-dot-webgpu-forms.generated.js';
import { SPARSE_DOT_WEBGPU_PASSES } from '../prepared/sparse-dot-webgpu-passes.generated.js';
import { useWebgpuForms } from '../prepared/webgpu-forms.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { installDotProducts } from '../webgpu/dot-products.js';
import { sparseWebgpuKernels } from '../webgpu/kernels.js';

registerKernelsOnce(
  sparseWebgpuKernels.configs(opKernelNames(SparseDot), [SPARSE_DOT_WEBGPU_PASSES]),
);
installDotProducts();
useWebgpuForms(SPARSE_DOT_WEBGPU_FORMS);
