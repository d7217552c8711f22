/** Every gradient this package defines, for `register-gradients.ts` to register. */
import type { GradConfig } from '@tensorflow/tfjs-core';
import { tgatherGradConfig } from './TGather_grad.js';
import { tiledConvertLayoutGradConfig } from './TiledConvertLayout_grad.js';
import { tiledRelayoutGradConfig } from './TiledRelayout_grad.js';
import { tiledUnrelayoutGradConfig } from './TiledUnrelayout_grad.js';
import { tscatterGradConfig } from './TScatter_grad.js';

export const tilekitGradConfigs: readonly GradConfig[] = [
  tiledRelayoutGradConfig,
  tiledUnrelayoutGradConfig,
  tiledConvertLayoutGradConfig,
  tscatterGradConfig,
  tgatherGradConfig,
];
