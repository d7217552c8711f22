/**
 * `@tilekit/sparse/tfjs/register-webgpu/sddmm`: registers for the `webgpu` backend the kernels
 * `sddmm` runs (see register-once.ts) and the gradients, with `sddmm`'s prepared passes only, so
 * that an app using this op alone bundles no other op's passes (import one entry per op the app
 * calls; `toDense()` is `sparseToDense`). `@tilekit/sparse/tfjs/register-webgpu` registers every
 * op; both may be imported.
 */
import '../register-gradients.js';
import { SparseSddmm } from '../kernel-names.js';
import { SDDMM_WEBGPU_FORMS } from '../prepared/sddmm-webgpu-forms.generated.js';
import { SDDMM_WEBGPU_PASSES } from '../prepared/sddmm-webgpu-passes.generated.js';
import { useWebgpuForms } from '../prepared/webgpu-forms.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebgpuKernels } from '../webgpu/kernels.js';

registerKernelsOnce(sparseWebgpuKernels.configs(opKernelNames(SparseSddmm), [SDDMM_WEBGPU_PASSES]));
useWebgpuForms(SDDMM_WEBGPU_FORMS);
