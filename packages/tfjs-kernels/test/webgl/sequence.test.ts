/**
 * Sequences of calls on WebGL: the recorded sequences that once corrupted a relayout, and random
 * sequences of all five ops (small and wide layouts, tile calls) agreeing with cpu call by call.
 */
import { describe } from 'vitest';
import { describeSequenceRegressions } from '../support/cross-backend/sequence-regressions.js';
import { describeSequences } from '../support/cross-backend/sequence-suite.js';
import { onWebgl2 } from './support/webgl-setup.js';
import { webglTarget } from './support/webgl-target.js';

onWebgl2();

describeSequenceRegressions('WEBGL_CPU_FORWARD');

describe('webgl call sequences', () => {
  describeSequences(webglTarget(24, 120));
});
