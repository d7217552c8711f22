/** The registry of every op definition, keyed by op name. */
import { expectString } from '../../argument-checks.js';
import type { OpDef } from '../op-def.js';
import { AFFINE_OPS } from './affine.js';
import { ARITH_OPS } from './arith.js';
import { FUNC_OPS } from './func.js';
import { MATH_OPS } from './math.js';
import { MEMREF_OPS } from './memref.js';
import { SCF_OPS } from './scf.js';
import { VECTOR_OPS } from './vector.js';

export { MATH_OPS } from './math.js';

/** Every op this package parses, prints, verifies and interprets, by name. */
export const OP_DEFS: ReadonlyMap<string, OpDef> = new Map(
  [
    ...ARITH_OPS,
    ...MATH_OPS,
    ...FUNC_OPS,
    ...SCF_OPS,
    ...MEMREF_OPS,
    ...AFFINE_OPS,
    ...VECTOR_OPS,
  ].map((d) => [d.name, d]),
);

/** The definition of `name`, or undefined for ops the package does not know. */
export function getOpDef(name: string): OpDef | undefined {
  return OP_DEFS.get(name);
}

/**
 * Whether `name` is an `arith` cast (`index_cast`, `extsi`, `sitofp`, `bitcast`, ...), per the op table.
 * @throws LoopIrArgumentError when `name` is no string.
 */
export function isArithCast(name: string): boolean {
  expectString(name, 'name');
  return name.startsWith('arith.') && getOpDef(name)?.format === 'cast';
}
