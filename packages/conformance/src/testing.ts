/**
 * `@tilekit/conformance/testing`: what the suites are built from, for tests (tilekit's own and an
 * implementer's): versioned golden case files with provenance, seeded property generators
 * (`seededRandom`, shapes, layouts, tiles, tile calls, CSR matrices) and reference formulas
 * (tiled layouts, `TSCATTER`/`TGATHER`, tensor index notation). Running a suite needs only
 * `@tilekit/conformance`.
 */
export type { CaseFile } from './data/case-file.js';
export {
  type ExpectedVectorization,
  fromJson,
  type JsonNumber,
  MLIR_VECTORIZATION,
  type StoredArgument,
  type StoredExecution,
  type VectorizationCase,
  type VectorizationCaseFile,
  type VectorizationConfig,
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
export { xlaParserCases } from './suites/layout/xla-parser-cases.js';
export {
  type FunctionSummary,
  type LoopSummary,
  summariseModule,
} from './suites/vectorizer/mlir-text.js';
