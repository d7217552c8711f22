/**
 * The engines hold a vector lane by lane (the js engine as one constant per lane, the wasm
 * engine as v128 parts, the interpreter as lane arrays), so a vector type's lane count bounds
 * what compiling and running allocate. Hand-written IR may spell any width; this check turns
 * an absurd one into a typed error before anything proportional to it is built.
 */
import type { Operation } from '../ir/operation.js';
import type { Type } from '../ir/types.js';
import { walkOperations } from '../ir/walk.js';
import { MAX_VECTOR_LENGTH } from '../vectorize/options.js';
import { EngineUnsupportedError } from './errors.js';

/** The most lanes one vector value may hold at the compiled vscale (the vectorizer's vl bound). */
export const MAX_ENGINE_LANES = MAX_VECTOR_LENGTH;

/** Lanes of `t` at `vscale` (1 for non-vectors). */
function lanesAt(t: Type, vscale: number): number {
  if (t.kind !== 'vector') return 1;
  return t.shape.reduce((n, d, k) => n * d * (t.scalableDims[k] === true ? vscale : 1), 1);
}

/**
 * Throws {@link EngineUnsupportedError} when a value of `func` is a vector of more than
 * {@link MAX_ENGINE_LANES} lanes at `vscale`.
 */
export function checkVectorLanes(func: Operation, vscale: number): void {
  const check = (t: Type): void => {
    const lanes = lanesAt(t, vscale);
    if (lanes > MAX_ENGINE_LANES) {
      throw new EngineUnsupportedError(
        `a vector of ${lanes} lanes (at vscale ${vscale}) exceeds the engines' limit of ${MAX_ENGINE_LANES} lanes per vector`,
      );
    }
  };
  walkOperations(func, (op) => {
    for (const r of op.results) check(r.type);
    for (const region of op.regions)
      for (const block of region.blocks) for (const a of block.arguments) check(a.type);
  });
}
