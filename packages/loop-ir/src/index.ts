/**
 * @tilekit/loop-ir: an MLIR-compatible loop IR — the core (ir), MLIR text parsing and printing,
 * the verifier, the reference interpreter and the `cse` and `canonicalize` passes. The
 * interpreter's op semantics tables, which the engines reuse, are published separately as
 * `@tilekit/loop-ir/semantics`. How the IR core is designed: the README's Design section.
 */

export {
  type InterpretArg,
  InterpretArgumentError,
  InterpretError,
  type InterpretOptions,
  type InterpretResult,
  interpret,
  type MemRefArg,
  type MemRefData,
  OutOfBoundsError,
  type ScalarArg,
  type ScalarResult,
  SEMANTICS,
} from './interpret/index.js';
export { OperandAccessError, operand, operands, optionalOperand, result } from './ir/accessors.js';
export {
  AFFINE_CONSTANT_MAX,
  AFFINE_CONSTANT_MIN,
  type AffineBinaryOp,
  AffineEvalError,
  type AffineExpr,
  type AffineMap,
  affineBinary,
  affineConstant,
  affineDim,
  affineDivisionByZero,
  affineExprEquals,
  affineMap,
  affineMapEquals,
  affineSymbol,
  evaluateAffineExpr,
  evaluateAffineMap,
} from './ir/affine.js';
export {
  type AffineMapAttr,
  type ArrayAttr,
  type Attribute,
  type AttributeMap,
  affineMapAttr,
  arrayAttr,
  attrEquals,
  attributeMapsEqual,
  type BoolAttr,
  boolAttr,
  CMPF_PREDICATES,
  CMPI_PREDICATES,
  COMBINING_KINDS,
  type CombiningKind,
  type CombiningKindAttr,
  combiningKindAttr,
  type DenseArrayAttr,
  type DenseAttr,
  type DenseElement,
  type DictionaryAttr,
  denseArrayAttr,
  denseAttr,
  dictionaryAttr,
  type FloatAttr,
  floatAttr,
  type IntegerAttr,
  i1Attr,
  integerAttr,
  type OpaqueAttr,
  opaqueAttr,
  type PredicateAttr,
  predicateAttr,
  type StringAttr,
  type SymbolRefAttr,
  stringAttr,
  symbolRefAttr,
  type TypeAttr,
  typeAttr,
  type UnitAttr,
  unitAttr,
} from './ir/attributes.js';
export {
  type BodyFn,
  Builder,
  BuilderError,
  buildFunction,
  buildModule,
  buildRegion,
} from './ir/builder.js';
export { COMBINING_OPS, combiningOp } from './ir/combining-kinds.js';
export { bitsToFloat, floatToBits, formatBits, roundToFormat } from './ir/float-format.js';
export { isFrozenModule } from './ir/immutable.js';
export {
  type Constraint,
  defineOp,
  type ElementKind,
  type FormatName,
  type MemoryEffect,
  type OpDef,
  type OpDefInit,
  type Segment,
  SegmentError,
  segmentArity,
  splitSegments,
  type Trait,
  type TypeKind,
} from './ir/op-def.js';
export type { Block, Module, Operation, OperationSpec, Region, Value } from './ir/operation.js';
export {
  createBlock,
  createModule,
  createOperation,
  createRegion,
  createValue,
  terminatorOf,
  withResults,
} from './ir/operation.js';
export { getOpDef, isArithCast, MATH_OPS, OP_DEFS } from './ir/ops/index.js';
export { DYNAMIC_POSITION, type Position, splitPosition } from './ir/position.js';
export {
  cloneOperation,
  cloneRegion,
  IRMapping,
  type Replacement,
  type RewriteFn,
  remapOperation,
  replaceOpsInBlock,
  rewriteBlock,
  rewriteModule,
} from './ir/rewriter.js';
export {
  bf16,
  bitWidth,
  boolLike,
  elementTypeOf,
  type FloatFormat,
  type FloatType,
  type FunctionType,
  f16,
  f32,
  f64,
  float,
  functionType,
  type IndexType,
  type IntegerType,
  InvalidTypeError,
  i1,
  i8,
  i16,
  i32,
  i64,
  index,
  integer,
  isScalar,
  type MemRefDim,
  type MemRefType,
  memrefOf,
  type ScalarType,
  type StridedLayout,
  type Type,
  typeEquals,
  type VectorType,
  vectorOf,
} from './ir/types.js';
export { laneCount, MAX_VECTOR_LENGTH } from './ir/vector-length.js';
export { definingOps, findFunction, type OpContainer, usersOf, walkOperations } from './ir/walk.js';
export { LoopIrArgumentError } from './loop-ir-argument-error.js';
export { LoopIrError } from './loop-ir-error.js';
export { MAX_NESTING_DEPTH, MlirParseError, parseModule } from './parse/index.js';
export { canonicalizePass, csePass } from './passes/builtin-passes.js';
export {
  AFFINE_FOLDS,
  ARITH_FOLDS,
  applyFolds,
  CANONICALIZATION_FOLDS,
  type ConstantValues,
  canonicalize,
  canonicalizeFunction,
  type DefiningOps,
  eliminateDeadCode,
  type Fold,
  type FoldTable,
  firstOf,
  foldAffineConstant,
  foldAffineMinSymbols,
  foldBroadcast,
  foldForwardedIterArgs,
  foldInsert,
  foldMaskedLoad,
  foldMaskedStore,
  foldSelect,
  hoistConstants,
  SCF_FOLDS,
  VECTOR_FOLDS,
} from './passes/canonicalize/index.js';
export { cse } from './passes/cse.js';
export {
  isMemoryEffectFree,
  mayWriteMemory,
  onlyReadsMemory,
  wouldBeTriviallyDead,
} from './passes/effects.js';
export {
  type ParsedOptions,
  type Pass,
  type PassOption,
  PassOptionError,
  type PassResult,
  parseOptionString,
} from './passes/pass.js';
export {
  PassPipelineError,
  type PassRegistry,
  PassVerificationError,
  type PipelineResult,
  type PipelineStep,
  parsePassPipeline,
  passRegistry,
  pipelineStep,
  runPassPipeline,
} from './passes/pipeline.js';
export {
  printAffineMap,
  printAttribute,
  printFloat,
  printModule,
  printOperation,
  printSymbolName,
  printType,
} from './print/index.js';
export { IRVerifyError, verificationDiagnostics, verifyModule } from './verify/index.js';
