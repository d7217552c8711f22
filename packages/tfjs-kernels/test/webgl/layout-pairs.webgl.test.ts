/**
 * Random shapes under random layout pairs through relayout, unrelayout and convertLayout and
 * their gradients: WebGL agrees with cpu bit for bit (see ./support/layout-pair-suite.ts), with
 * tensors, data ids and textures balanced.
 */
import { describeLayoutPairs } from '../support/cross-backend/layout-pair-suite.js';
import { onWebgl2 } from './support/webgl-setup.js';
import { webglTarget } from './support/webgl-target.js';

onWebgl2();

describeLayoutPairs(webglTarget(3401, 0), 150);
