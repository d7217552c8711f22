/**
 * @tilekit/sparse: sparse tensors in MLIR's level storage scheme and the sparse loop emitter
 * (tensor index notation + formats -> MLIR-shaped scalar loops). The tfjs ops are
 * `@tilekit/sparse/tfjs`.
 */

export { SparseError } from './sparse-error.js';
export * from './sparse-tensor/index.js';
export * from './sparsify/index.js';
