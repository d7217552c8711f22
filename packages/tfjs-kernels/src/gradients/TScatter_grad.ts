/**
 * Gradient of TScatter w.r.t. `src`: each source element receives `dy` at the offset it wrote,
 * but only if it is that offset's last writer; overwritten, out-of-region and skipped
 * out-of-bounds sources get zero. Indices get no gradient (zeros, as tfjs does for indices).
 */
import type { GradConfig } from '@tensorflow/tfjs-core';
import { TGather, type TGatherAttrs, TScatter } from '../kernel-names.js';
import { tileGradConfig } from './tile-backward.js';

export const tscatterGradConfig: GradConfig = tileGradConfig(
  TScatter,
  TGather,
  (forward): Pick<TGatherAttrs, 'select'> => ({
    select: forward.mode === 'add' ? 'all' : 'lastWriter',
  }),
);
