/** Every gradient of the sparse kernels, for `register-gradients.ts` to register. */
import type { GradConfig } from '@tensorflow/tfjs-core';
import { SPARSE_KERNEL_NAMES } from '../kernel-names.js';
import { sparseGradConfig } from './sparse-grad.js';

export const sparseGradConfigs: readonly GradConfig[] = SPARSE_KERNEL_NAMES.map(sparseGradConfig);
export { SparseGradientError } from './sparse-gradient-error.js';
