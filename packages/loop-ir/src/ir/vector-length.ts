/**
 * The widest vector the loop IR admits: a fact about the IR that the vectorizer (its `vl`
 * option), the interpreter and the engines all bound themselves by; and how many lanes a
 * vector type has.
 */

import { expectInteger, expectVectorType } from '../value-argument-checks.js';
import type { VectorType } from './types.js';

/**
 * The largest vector length: 2^16 lanes. MLIR itself takes any `unsigned` vl, but the widest
 * SIMD hardware holds 2048 bits (SVE: 256 i8 lanes, at most 16x that with vscale), LLVM
 * legalizes wider vectors by splitting them, and every consumer here holds a vector lane by lane
 * (the interpreter's lane arrays, the js engine's one constant per lane, the wasm engine's v128
 * parts, lane lists of dense constants). 2^16 leaves ample room for experiments while keeping
 * those structures small; an unbounded vl would let one option exhaust memory.
 */
export const MAX_VECTOR_LENGTH = 2 ** 16;

/**
 * Lanes of vector type `t` once `vector.vscale` is `vscale` (scalable dimensions multiply by
 * it; a fixed-shape type ignores it).
 * @throws LoopIrArgumentError when `t` is no vector type or `vscale` no positive integer.
 */
export function laneCount(t: VectorType, vscale = 1): number {
  expectVectorType(t, 't');
  expectInteger(vscale, 'vscale', 1);
  let n = 1;
  for (let k = 0; k < t.shape.length; k++) {
    n *= (t.shape[k] as number) * (t.scalableDims[k] === true ? vscale : 1);
  }
  return n;
}
