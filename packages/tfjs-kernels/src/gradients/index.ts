/** Every gradient this package defines, for `register_gradients.ts` to register. */
import type { GradConfig } from '@tensorflow/tfjs-core';
import { tgatherGradConfig } from './TGather_grad.js';
import { tscatterGradConfig } from './TScatter_grad.js';

export const tilekitGradConfigs: readonly GradConfig[] = [tscatterGradConfig, tgatherGradConfig];
