/**
 * Every sparse kernel for the `webgpu` backend with every ready-made op's prepared passes and
 * webgpu forms (prepared/webgpu-forms.ts): what
 * `@tilekit/sparse/tfjs/register-webgpu` registers. (The ops' own entries, register-webgpu/<op>,
 * add only theirs.)
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { SPARSE_KERNEL_NAMES } from '../kernel-names.js';
import { SDDMM_WEBGPU_FORMS } from '../prepared/sddmm-webgpu-forms.generated.js';
import { SDDMM_WEBGPU_PASSES } from '../prepared/sddmm-webgpu-passes.generated.js';
import { SPARSE_DOT_WEBGPU_FORMS } from '../prepared/sparse-dot-webgpu-forms.generated.js';
import { SPARSE_DOT_WEBGPU_PASSES } from '../prepared/sparse-dot-webgpu-passes.generated.js';
import { SPMM_WEBGPU_FORMS } from '../prepared/spmm-webgpu-forms.generated.js';
import { SPMM_WEBGPU_PASSES } from '../prepared/spmm-webgpu-passes.generated.js';
import { SPMV_WEBGPU_FORMS } from '../prepared/spmv-webgpu-forms.generated.js';
import { SPMV_WEBGPU_PASSES } from '../prepared/spmv-webgpu-passes.generated.js';
import { TO_DENSE_WEBGPU_FORMS } from '../prepared/to-dense-webgpu-forms.generated.js';
import { TO_DENSE_WEBGPU_PASSES } from '../prepared/to-dense-webgpu-passes.generated.js';
import { useWebgpuForms } from '../prepared/webgpu-forms.js';
import { installDotProducts } from './dot-products.js';
import { sparseWebgpuKernels } from './kernels.js';

/**
 * Every sparse kernel's config for the webgpu backend, running every ready-made op's prepared
 * passes.
 */
export const sparseWebgpuKernelConfigs: readonly KernelConfig[] = sparseWebgpuKernels.configs(
  SPARSE_KERNEL_NAMES,
  [
    SPMV_WEBGPU_PASSES,
    SPMM_WEBGPU_PASSES,
    SDDMM_WEBGPU_PASSES,
    SPARSE_DOT_WEBGPU_PASSES,
    TO_DENSE_WEBGPU_PASSES,
  ],
);

installDotProducts();
for (const forms of [
  SPMV_WEBGPU_FORMS,
  SPMM_WEBGPU_FORMS,
  SDDMM_WEBGPU_FORMS,
  SPARSE_DOT_WEBGPU_FORMS,
  TO_DENSE_WEBGPU_FORMS,
])
  useWebgpuForms(forms);
