/**
 * The widest vector the interpreter and the engines hold. Both hold a vector lane by lane (the
 * interpreter's lane arrays, the js engine's one constant per lane, the wasm engine's v128
 * parts), so a vector type's lane count bounds what running it allocates; hand-written IR may
 * spell any width, and this check turns an absurd one into a typed error up front.
 */
import type { Type } from '../ir/types.js';
import { type OpContainer, walkOperations } from '../ir/walk.js';
import { MAX_VECTOR_LENGTH } from '../vectorize/options.js';

/** The most lanes one vector value may hold at the running vscale (the vectorizer's vl bound). */
export const MAX_VECTOR_LANES = MAX_VECTOR_LENGTH;

/** Lanes of `t` at `vscale` (1 for non-vectors). */
function lanesAt(t: Type, vscale: number): number {
  if (t.kind !== 'vector') return 1;
  return t.shape.reduce((n, d, k) => n * d * (t.scalableDims[k] === true ? vscale : 1), 1);
}

/**
 * The first op under `root` with a result or block argument of more than
 * {@link MAX_VECTOR_LANES} lanes at `vscale`, and that lane count; undefined when none.
 */
export function overwideVector(
  root: OpContainer,
  vscale: number,
): { readonly opName: string; readonly lanes: number } | undefined {
  let found: { opName: string; lanes: number } | undefined;
  walkOperations(root, (op) => {
    if (found !== undefined) return;
    const types = [
      ...op.results.map((r) => r.type),
      ...op.regions.flatMap((r) => r.blocks.flatMap((b) => b.arguments.map((a) => a.type))),
    ];
    for (const t of types) {
      const lanes = lanesAt(t, vscale);
      if (lanes > MAX_VECTOR_LANES) {
        found = { opName: op.name, lanes };
        return;
      }
    }
  });
  return found;
}

/** The message of an over-wide vector, shared by the interpreter and the engines. */
export function overwideMessage(lanes: number, vscale: number): string {
  return `a vector of ${lanes} lanes (at vscale ${vscale}) exceeds the limit of ${MAX_VECTOR_LANES} lanes per vector`;
}
