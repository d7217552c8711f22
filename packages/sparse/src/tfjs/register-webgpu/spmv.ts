/**
 * `@tilekit/sparse/tfjs/register-webgpu/spmv`: registers for the `webgpu` backend the kernels
 * `spmv` runs (see register-once.ts) and the gradients, with `spmv`'s prepared passes only, so that
 * an app using this op alone bundles no other op's passes (import one entry per op the app calls;
 * `toDense()` is `sparseToDense`). `@tilekit/sparse/tfjs/register-webgpu` registers every op; both
 * may be imported.
 */
import '../register-gradients.js';
import { SparseSpmv } from '../kernel-names.js';
import { SPMV_WEBGPU_FORMS } from '../prepared/spmv-webgpu-forms.generated.js';
import { SPMV_WEBGPU_PASSES } from '../prepared/spmv-webgpu-passes.generated.js';
import { useWebgpuForms } from '../prepared/webgpu-forms.js';
import { opKernelNames, registerKernelsOnce } from '../register-once.js';
import { sparseWebgpuKernels } from '../webgpu/kernels.js';

registerKernelsOnce(sparseWebgpuKernels.configs(opKernelNames(SparseSpmv), [SPMV_WEBGPU_PASSES]));
useWebgpuForms(SPMV_WEBGPU_FORMS);
