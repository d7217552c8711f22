/**
 * What each `#vector.kind<...>` means lane by lane: the scalar `arith` op that folds two lanes.
 * One table for every consumer (interpreter, compiled engines), so they cannot disagree.
 */
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { expectBoolean } from '../value-argument-checks.js';
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

/**
 * The op folding two lanes of `kind` on integer or float elements, or undefined if invalid.
 * @throws LoopIrArgumentError when `kind` is no combining kind or `isFloat` no boolean.
 */
export function combiningOp(kind: CombiningKind, isFloat: boolean): string | undefined {
  if (typeof kind !== 'string' || !Object.hasOwn(COMBINING_OPS, kind)) {
    throw new LoopIrArgumentError(
      'kind',
      `a combining kind (${Object.keys(COMBINING_OPS).join(', ')})`,
      kind,
    );
  }
  expectBoolean(isFloat, 'isFloat');
  const ops = COMBINING_OPS[kind];
  return isFloat ? ops.float : ops.int;
}
