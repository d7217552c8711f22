/**
 * Every sparse kernel for the `webgl` backend with every ready-made op's prepared passes: what
 * `@tilekit/sparse/tfjs/register-webgl` registers. (The ops' own entries, register-webgl/<op>,
 * add only theirs.)
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { SPARSE_KERNEL_NAMES } from '../kernel-names.js';
import { SDDMM_WEBGL_PASSES } from '../prepared/sddmm-webgl-passes.generated.js';
import { SPARSE_DOT_WEBGL_PASSES } from '../prepared/sparse-dot-webgl-passes.generated.js';
import { SPMM_WEBGL_PASSES } from '../prepared/spmm-webgl-passes.generated.js';
import { SPMV_WEBGL_PASSES } from '../prepared/spmv-webgl-passes.generated.js';
import { TO_DENSE_WEBGL_PASSES } from '../prepared/to-dense-webgl-passes.generated.js';
import { sparseWebglKernels } from './kernels.js';

/**
 * Every sparse kernel's config for the webgl backend, running every ready-made op's prepared
 * passes.
 */
export const sparseWebglKernelConfigs: readonly KernelConfig[] = sparseWebglKernels.configs(
  SPARSE_KERNEL_NAMES,
  [
    SPMV_WEBGL_PASSES,
    SPMM_WEBGL_PASSES,
    SDDMM_WEBGL_PASSES,
    SPARSE_DOT_WEBGL_PASSES,
    TO_DENSE_WEBGL_PASSES,
  ],
);
