/** `vectorizerConformance`: the sparse vectorizer suite over any `VectorizerImpl`. */

import { requireObject } from '../../core/arguments.js';
import { DEFAULT_SEED } from '../../core/property.js';
import {
  type ConformanceSuite,
  checkSuiteOptions,
  createSuite,
  type SuiteOptions,
} from '../../core/suite.js';
import { MLIR_VECTORIZATION } from '../../data/mlir-vectorization.js';
import { executionCases } from './execution-cases.js';
import { spmvProperties } from './property-cases.js';
import { structureCases } from './structure-cases.js';
import { type VectorizerCaseId, vectorizerContext } from './vectorizer-context.js';
import type { VectorizerImpl } from './vectorizer-impl.js';

/** Property runs per property case unless `numRuns` is given. */
export const VECTORIZER_DEFAULT_RUNS = 40;

/**
 * The vectorizer conformance suite: for every input loop of the case data and every option set,
 * the same per-loop decisions and vector operations as `mlir-opt-22 --sparse-vectorization`,
 * and the same memory and results as mlir-runner when the output is executed; plus seeded SpMV
 * properties on generated sparse matrices.
 *
 * @param impl A text-to-text vectorizer and an MLIR engine.
 * @param options Framework functions (registers the cases when given), exclusions, seed, runs.
 * @throws ConformanceConfigError for exclusions that name no case or give no reason.
 */
export function vectorizerConformance(
  impl: VectorizerImpl,
  options: SuiteOptions<VectorizerCaseId> = {},
): ConformanceSuite<VectorizerCaseId> {
  requireObject(impl as unknown, 'impl');
  checkSuiteOptions(options);
  const ctx = vectorizerContext(impl, {
    seed: options.seed ?? DEFAULT_SEED,
    numRuns: options.numRuns ?? VECTORIZER_DEFAULT_RUNS,
  });
  const { cases, configs } = MLIR_VECTORIZATION;
  return createSuite(
    {
      name: 'vectorizer',
      label: 'vectorizer',
      cases: [
        ...configs.flatMap((config) => cases.flatMap((c) => structureCases(ctx, c, config))),
        ...cases.flatMap((c) => executionCases(ctx, c, configs)),
        ...spmvProperties(ctx, cases, configs),
      ],
    },
    options,
  );
}
