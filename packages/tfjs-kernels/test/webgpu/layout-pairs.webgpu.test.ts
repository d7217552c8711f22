/**
 * Random shapes under random layout pairs through relayout, unrelayout and convertLayout and
 * their gradients: WebGPU agrees with cpu bit for bit (the WebGL suite's cases, see
 * ../support/cross-backend/layout-pair-suite.ts), with tensors and data ids balanced.
 */
import { describeLayoutPairs } from '../support/cross-backend/layout-pair-suite.js';
import { onWebgpu } from './support/backends.js';
import { webgpuTarget } from './support/webgpu-target.js';

onWebgpu();

describeLayoutPairs(webgpuTarget(3402, 0), 150);
