/**
 * `@tilekit/sparse/tfjs/register-webgpu/sparseToDense`: registers for the `webgpu` backend the
 * kernels `sparseToDense` runs (see register-once.ts) and the gradients, with `sparseToDense`'s
 * prepared passes only, so that an app using this op alone bundles no other op's passes (import one
 * entry per op the app calls; `toDense()` is `sparseToDense`).
 * `@tilekit/sparse/tfjs/register-webgpu` registers every op; both may be imported.
 */
import '../register-gradients.js';
import { SparseToDenseTensor } from '../kernel-names.js';
import { TO_DENSE_WEBGPU_FORMS } from '../prepared/to-dense-webgpu-forms.generated.js';
import { TO_DENSE_WEBGPU_PASSES } from '../prepared/to-dense-webgpu-passes.generated.js';
import { useWebgpuForms } from '../prepared/webgpu-forms.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebgpuKernels } from '../webgpu/kernels.js';

registerKernelsOnce(
  sparseWebgpuKernels.configs(opKernelNames(SparseToDenseTensor), [TO_DENSE_WEBGPU_PASSES]),
);
useWebgpuForms(TO_DENSE_WEBGPU_FORMS);
