/** The sparse loop emitter: tensor index notation + formats -> MLIR-shaped scalar loops. */

export {
  type BoundCall,
  bindArguments,
  type DenseOperand,
  type KernelOperand,
  outputShapeOf,
  valueArrayFor,
} from './bind.js';
export { EMITTED_FROM } from './emit-context.js';
export { NotationSyntaxError, SparsifyError } from './errors.js';
export type { KernelPlan, PlanOptions, TensorPlan, ValueType } from './kernel-plan.js';
export {
  type KernelParameter,
  kernelParameters,
  scalarTypeOf,
  storageTypeOf,
} from './kernel-signature.js';
export { buildLattice, casesOf, type LatticePoint, optimizeLattice } from './lattice.js';
export {
  type AccessExpr,
  type AssignOp,
  type BinaryExpr,
  type ConstExpr,
  type Expr,
  type NegExpr,
  type Notation,
  parseNotation,
} from './notation.js';
export { type AssemblyPlan, hasAssembly, type OutputAssembly } from './output-plan.js';
export { allocateOutputStorage, type OutputStorage } from './output-storage.js';
export { assembledOutput, type KernelFunction, runKernel } from './run-kernel.js';
export { kernelNameOf, type SparseKernel, type SparsifyOptions, sparsify } from './sparsify.js';
