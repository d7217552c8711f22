/**
 * `@tilekit/sparse/tfjs/register-webgpu/spmm`: registers for the `webgpu` backend the kernels
 * `spmm` runs (see register-once.ts) and the gradients, with `spmm`'s prepared passes only, so that
 * an app using this op alone bundles no other op's passes (import one entry per op the app calls;
 * `toDense()` is `sparseToDense`). `@tilekit/sparse/tfjs/register-webgpu` registers every op; both
 * may be imported.
 */
import '../register-gradients.js';
import { SparseSpmm } from '../kernel-names.js';
import { SPMM_WEBGPU_FORMS } from '../prepared/spmm-webgpu-forms.generated.js';
import { SPMM_WEBGPU_PASSES } from '../prepared/spmm-webgpu-passes.generated.js';
import { useWebgpuForms } from '../prepared/webgpu-forms.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebgpuKernels } from '../webgpu/kernels.js';

registerKernelsOnce(sparseWebgpuKernels.configs(opKernelNames(SparseSpmm), [SPMM_WEBGPU_PASSES]));
useWebgpuForms(SPMM_WEBGPU_FORMS);
