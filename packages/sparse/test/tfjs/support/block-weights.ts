/**
 * Block-format weights the tfjs block tests share.
 */
import { blockSparseFormat, SparseTensor } from '../../../src/index.js';

/** A 4x6 float32 matrix of ones stored as BSR with 2x3 blocks (every block stored). */
export function onesIn2x3Blocks(): SparseTensor {
  return SparseTensor.fromDense(new Float32Array(24).fill(1), [4, 6], blockSparseFormat([2, 3]));
}
