/**
 * Gradient of TGather w.r.t. `src`: a sum-scatter of `dy` through the same indices (an offset
 * read several times collects every read's gradient). For the last-writer form (itself the
 * gradient of TScatter) it is a plain assigning scatter. Indices get no gradient.
 */
import type { GradConfig } from '@tensorflow/tfjs-core';
import { TGather, TScatter, type TScatterAttrs } from '../kernel-names.js';
import { tileGradConfig } from './tile-backward.js';

export const tgatherGradConfig: GradConfig = tileGradConfig(
  TGather,
  TScatter,
  (forward): Pick<TScatterAttrs, 'mode'> => ({
    // Reading only last writers is exactly what an assigning scatter writes back.
    mode: forward.select === 'lastWriter' ? 'assign' : 'add',
  }),
);
