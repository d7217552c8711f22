/** Every gradient of the sparse kernels, for `register_gradients.ts` to register. */
import type { GradConfig } from '@tensorflow/tfjs-core';

export const sparseGradConfigs: readonly GradConfig[] = [];
