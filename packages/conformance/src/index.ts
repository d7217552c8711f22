/**
 * `@tilekit/conformance`: the shared conformance suite for tilekit semantics. Versioned golden
 * cases with provenance, seeded property generators, reference formulas and framework-agnostic
 * suites (`layoutConformance`, `kernelConformance`, `vectorizerConformance`,
 * `sparseConformance`) that any implementation can run against itself.
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
export { CaseDataError, type CaseFile } from './data/case-file.js';
export {
  type ExpectedVectorization,
  type FunctionArgument,
  fromJson,
  type JsonNumber,
  MLIR_VECTORIZATION,
  type StoredArgument,
  type StoredExecution,
  type VectorizationCase,
  type VectorizationCaseFile,
  type VectorizationConfig,
  type VectorizationOptions,
} from './data/mlir-vectorization.js';
export {
  CPU_SIM_ELEMENT_TYPES,
  type CpuSimType,
  PTO_TSCATTER_CPUSIM,
  type PtoTScatterCpuSimCase,
} from './data/pto-tscatter-cpusim.js';
export { cpuSimTileCall } from './data/pto-tscatter-cpusim-call.js';
export {
  asScipySparseFile,
  SCIPY_SPARSE,
  type ScipyNumber,
  type ScipySparseCase,
  type ScipySparseFile,
  type ScipySparseOp,
  type ScipySparseOperand,
  type ScipyStoredResult,
  scipyNumber,
} from './data/scipy-sparse.js';
export {
  SEED_COMBINED,
  SEED_FIGURES,
  type SeedCombinedExample,
  type SeedFigure,
} from './data/seed-layout-examples.js';
export {
  SEED_TILE_CASES,
  type SeedTile,
  type SeedTileCase,
} from './data/seed-tscatter-examples.js';
export {
  XLA_LAYOUT_VECTORS,
  type XlaArraySizeVector,
  type XlaLayoutVector,
  type XlaLinearIndexVector,
  type XlaParsePrintVector,
} from './data/xla-layout-vectors.js';
export {
  asXlaShapeParserFile,
  XLA_SHAPE_PARSER,
  type XlaShapeParserCase,
  type XlaShapeParserFile,
  type XlaShapeVerdict,
} from './data/xla-shape-parser.js';
export {
  ConformanceConfigError,
  ConformanceError,
  ConformanceFailure,
  StaleExclusionError,
} from './errors.js';
export {
  type LayoutBounds,
  layouts,
  layoutsFor,
  layoutsWithIndex,
  tiles,
} from './generators/layouts.js';
export { seededRandom } from './generators/seeded-random.js';
export { permutations, type ShapeBounds, shapes } from './generators/shapes.js';
export { type CsrBounds, type CsrMatrix, csrMatrices } from './generators/sparse.js';
export {
  PADDING_OFFSET,
  PADDING_VALUE,
  type TileCallBounds,
  tileCalls,
} from './generators/tile-calls.js';
export { type NotationOperand, referenceIndexNotation } from './reference/index-notation.js';
export {
  COMBINE,
  formatLayoutSpec,
  formatSpec,
  type LayoutSpec,
  layoutSpec,
  parseSpec,
} from './reference/layout-spec.js';
export {
  referenceTGather,
  referenceTScatter,
  type TileCall,
  type TileShape,
} from './reference/tile-ops.js';
export {
  logicalIndices,
  referenceExpandedShape,
  referenceLinearIndex,
  referenceOffsets,
  referencePhysicalElementCount,
  referenceRelayout,
  rowMajorIndex,
} from './reference/tiled-layout.js';
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
export { xlaParserCases } from './suites/layout/xla-parser-cases.js';
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
  type FunctionSummary,
  type LoopSummary,
  summariseModule,
} from './suites/vectorizer/mlir-text.js';
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
