/**
 * The sparse conformance suite through the tfjs ops on the active backend, as every backend's
 * tests check it: no case fails but the documented exclusions, and no tensor is left behind.
 */
import * as tf from '@tensorflow/tfjs-core';
import { sparseConformance } from '@tilekit/conformance';
import { expect } from 'vitest';
import {
  SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
  tfjsSparseConformanceImpl,
} from '../../../src/tfjs/index.js';

/** Runs the suite (five operand sets per case) on the active backend and checks its report. */
export async function expectTfjsConformance(): Promise<void> {
  const before = tf.memory().numTensors;
  const report = await sparseConformance(tfjsSparseConformanceImpl(), {
    exclusions: SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
    numRuns: 5,
  }).run();
  const failed = report.results.filter((r) => r.status === 'failed');
  expect(failed.map((r) => `${r.id}: ${r.error?.message}`)).toEqual([]);
  expect(report.results.filter((r) => r.status === 'excluded')).toHaveLength(
    SPARSE_TFJS_CONFORMANCE_EXCLUSIONS.length,
  );
  expect(report.passed).toBe(report.results.length - SPARSE_TFJS_CONFORMANCE_EXCLUSIONS.length);
  expect(tf.memory().numTensors).toBe(before);
}
