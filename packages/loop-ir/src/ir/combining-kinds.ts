/**
 * What each `#vector.kind<...>` means lane by lane: the scalar `arith` op that folds two lanes.
 * One table for every consumer (interpreter, compiled engines), so they cannot disagree.
 */
import type { CombiningKind } from './attributes.js';

/** Per kind, the folding op for integer and for float elements (absent: invalid for that class). */
export const COMBINING_OPS: Readonly<
  Record<CombiningKind, { readonly int?: string; readonly float?: string }>
> = {
  add: { int: 'arith.addi', float: 'arith.addf' },
  mul: { int: 'arith.muli', float: 'arith.mulf' },
  minui: { int: 'arith.minui' },
  minsi: { int: 'arith.minsi' },
  maxui: { int: 'arith.maxui' },
  maxsi: { int: 'arith.maxsi' },
  and: { int: 'arith.andi' },
  or: { int: 'arith.ori' },
  xor: { int: 'arith.xori' },
  minnumf: { float: 'arith.minnumf' },
  maxnumf: { float: 'arith.maxnumf' },
  minimumf: { float: 'arith.minimumf' },
  maximumf: { float: 'arith.maximumf' },
};

/** The op folding two lanes of `kind` on integer or float elements, or undefined if invalid. */
export function combiningOp(kind: CombiningKind, isFloat: boolean): string | undefined {
  return isFloat ? COMBINING_OPS[kind].float : COMBINING_OPS[kind].int;
}
