/**
 * `@tilekit/conformance`: the shared conformance suite for tilekit semantics, for implementers.
 * Framework-agnostic suites (`layoutConformance`, `kernelConformance`, `vectorizerConformance`,
 * `sparseConformance`) that any implementation can run against itself, the contracts they take,
 * the runner, reports, tolerances, exclusions, rules and errors. The suites' golden data, seeded
 * generators and reference formulas, for tests, are `@tilekit/conformance/testing`.
 */
export { CaseMismatch, type ConformanceCase, check } from './core/case.js';
export {
  expectEqual,
  expectRejection,
  expectValues,
  formatValue,
  type ValuesOptions,
} from './core/compare.js';
export type { Exclusion } from './core/exclusions.js';
export type { ExpectLike, TestFramework } from './core/framework.js';
export { checkProperty, DEFAULT_SEED, type PropertySettings } from './core/property.js';
export {
  formatReport,
  formatSuiteTable,
  formatSummaryLine,
  type ReportView,
} from './core/report.js';
export { type CaseResult, type CaseStatus, runCase } from './core/runner.js';
export {
  type ConformanceSuite,
  createSuite,
  type RunOptions,
  type SuiteDefinition,
  type SuiteName,
  type SuiteOptions,
  type SuiteReport,
} from './core/suite.js';
export {
  DEFAULT_TOLERANCES,
  EXACT,
  type Tolerance,
  toleranceFor,
  withinTolerance,
} from './core/tolerance.js';
export { CaseDataError } from './data/case-file.js';
export type { FunctionArgument, VectorizationOptions } from './data/mlir-vectorization.js';
export {
  ConformanceConfigError,
  ConformanceError,
  ConformanceFailure,
  StaleExclusionError,
} from './errors.js';
export { RULE_LIST, RULES, type Rule, type RuleId } from './rules.js';
export type { KernelCaseId } from './suites/kernels/kernel-context.js';
export type {
  KernelOps,
  KernelTarget,
  TensorHandle,
  TfLike,
  TileOpCallOptions,
} from './suites/kernels/kernel-impl.js';
export {
  KERNEL_DEFAULT_RUNS,
  type KernelSuiteOptions,
  kernelConformance,
} from './suites/kernels/kernel-suite.js';
export type { ArraySizeFigures, LayoutImpl } from './suites/layout/layout-impl.js';
export { LAYOUT_DEFAULT_RUNS, layoutConformance } from './suites/layout/layout-suite.js';
export type { LayoutCaseId } from './suites/layout/xla-cases.js';
export { SPARSE_CASES, type SparseCase, type ValueSign } from './suites/sparse/sparse-cases.js';
export type {
  DenseTensor,
  SparseEntries,
  SparseFormatName,
  SparseImpl,
  SparseRequest,
  SparseResult,
  SparseValueType,
} from './suites/sparse/sparse-impl.js';
export {
  SPARSE_DEFAULT_RUNS,
  type SparseCaseId,
  sparseCaseId,
  sparseConformance,
} from './suites/sparse/sparse-suite.js';
export { type IrVectorizer, irVectorizerImpl } from './suites/vectorizer/ir-adapter.js';
export {
  argumentArrays,
  type MemrefArray,
  toNumbers,
  typedArrayFor,
} from './suites/vectorizer/typed-arrays.js';
export type { VectorizerCaseId } from './suites/vectorizer/vectorizer-context.js';
export type {
  ExecArgument,
  ExecOutcome,
  VectorizerImpl,
} from './suites/vectorizer/vectorizer-impl.js';
export {
  VECTORIZER_DEFAULT_RUNS,
  vectorizerConformance,
} from './suites/vectorizer/vectorizer-suite.js';
