/** The sparse loop emitter: tensor index notation + formats -> MLIR-shaped scalar loops. */

export {
  type BoundCall,
  bindArguments,
  type DenseOperand,
  indexExtentsOfShapes,
  type KernelOperand,
  outputShapeOf,
  outputShapeOfShapes,
} from './calling/bind.js';
export { KERNEL_CACHE_LIMIT } from './calling/kernel-cache.js';
export { allocateOutputStorage, type OutputStorage } from './calling/output-storage.js';
export { assembledOutput, type KernelFunction, runKernel } from './calling/run-kernel.js';
export { valueArrayFor } from './calling/value-array.js';
export { MAX_EMITTED_TERMS } from './emission/emission-budget.js';
export type { CaseDispatch } from './emission/emit-context.js';
export { EMITTED_FROM } from './emission/emit-context.js';
export type { KernelParameter } from './emission/kernel-parameter.js';
export { kernelParameters, scalarTypeOf, storageTypeOf } from './emission/kernel-signature.js';
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
} from './planning/expression.js';
export type { KernelPlan, PlanOptions, TensorPlan, ValueType } from './planning/kernel-plan.js';
export { buildLattice, casesOf, MAX_LATTICE_POINTS, optimizeLattice } from './planning/lattice.js';
export type { LatticePoint } from './planning/lattice-point.js';
export { parseNotation, printExpr } from './planning/notation.js';
export { type AssemblyPlan, hasAssembly, type OutputAssembly } from './planning/output-plan.js';
export type { SparseKernel } from './sparse-kernel.js';
export { kernelNameOf, type SparsifyOptions, sparsify } from './sparsify.js';
