/**
 * The shared conformance suite on this package: mlir-opt-22's decisions and vector operations
 * for every corpus loop and option set, and mlir-runner's results when the output runs in the
 * interpreter; the deliberate MLIR fixes are reasoned exclusions.
 */
import { irVectorizerImpl, vectorizerConformance } from '@tilekit/conformance';
import { interpret, parseModule, printModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { VECTORIZER_CONFORMANCE_EXCLUSIONS, vectorize } from '../src/index.js';

vectorizerConformance(irVectorizerImpl({ parseModule, printModule, vectorize, interpret }), {
  describe,
  it,
  expect,
  exclusions: VECTORIZER_CONFORMANCE_EXCLUSIONS,
});
