/**
 * Sequences of calls on WebGPU: the recorded sequences that corrupted a WebGL relayout, and
 * random sequences of all five ops (small and wide layouts, tile calls) agreeing with cpu call
 * by call.
 */
import { describe } from 'vitest';
import { describeSequenceRegressions } from '../support/cross-backend/sequence-regressions.js';
import { describeSequences } from '../support/cross-backend/sequence-suite.js';
import { onWebgpu } from './support/backends.js';
import { webgpuTarget } from './support/webgpu-target.js';

onWebgpu();

describeSequenceRegressions('WEBGPU_CPU_FORWARD');

describe('webgpu call sequences', () => {
  describeSequences(webgpuTarget(24, 120));
});
