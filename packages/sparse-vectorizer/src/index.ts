/**
 * @tilekit/sparse-vectorizer: an MLIR-compatible loop IR (parse, print, verify, interpret)
 * and the sparse vectorization rewriter.
 */

export * from './engines/index.js';
export * from './interpret/index.js';
export * from './ir/index.js';
export * from './parse/index.js';
export * from './print/index.js';
export * from './sparse-tensor/index.js';
export * from './sparsify/index.js';
export * from './vectorize/index.js';
export * from './verify/index.js';
