/** The sparse loop emitter: tensor index notation + formats -> MLIR-shaped scalar loops. */

export {
  type BoundCall,
  bindArguments,
  type DenseOperand,
  indexExtentsOfShapes,
  type KernelOperand,
  outputShapeOf,
  outputShapeOfShapes,
} from './bind.js';
export type { CaseDispatch } from './emit-context.js';
export { EMITTED_FROM } from './emit-context.js';
export { NotationSyntaxError, SparsifyError } from './errors.js';
export {
  type AccessExpr,
  type AffineSubscript,
  type AssignOp,
  type BinaryExpr,
  type BinaryOp,
  type CallExpr,
  type CompareExpr,
  type CompareOp,
  type ConstExpr,
  type Expr,
  type FunctionName,
  type IndexExpr,
  type IndexWindow,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_NODES,
  MAX_NOTATION_LENGTH,
  type NegExpr,
  type Notation,
  type Reducer,
  type SumExpr,
} from './expression.js';
export { KERNEL_CACHE_LIMIT } from './kernel-cache.js';
export type { KernelParameter } from './kernel-parameter.js';
export type { KernelPlan, PlanOptions, TensorPlan, ValueType } from './kernel-plan.js';
export { kernelParameters, scalarTypeOf, storageTypeOf } from './kernel-signature.js';
export { buildLattice, casesOf, MAX_LATTICE_POINTS, optimizeLattice } from './lattice.js';
export type { LatticePoint } from './lattice-point.js';
export { parseNotation, printExpr } from './notation.js';
export { type AssemblyPlan, hasAssembly, type OutputAssembly } from './output-plan.js';
export { allocateOutputStorage, type OutputStorage } from './output-storage.js';
export { assembledOutput, type KernelFunction, runKernel } from './run-kernel.js';
export type { SparseKernel } from './sparse-kernel.js';
export { kernelNameOf, type SparsifyOptions, sparsify } from './sparsify.js';
export { valueArrayFor } from './value-array.js';
