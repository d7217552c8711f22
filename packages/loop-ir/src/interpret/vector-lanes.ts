/**
 * The widest vector the interpreter and the engines hold. Both hold a vector lane by lane (the
 * interpreter's lane arrays, the js engine's one constant per lane, the wasm engine's v128
 * parts), so a vector type's lane count bounds what running it allocates; hand-written IR may
 * spell any width, and this check turns an absurd one into a typed error up front.
 */

import { expectModule, expectOperation } from '../argument-checks.js';
import type { Module, Operation } from '../ir/operation.js';
import type { Type } from '../ir/types.js';
import { laneCount, MAX_VECTOR_LENGTH } from '../ir/vector-length.js';
import { expectInteger, expectNumber } from '../value-argument-checks.js';

/**
 * The first op under `root` with a result or block argument of more than
 * {@link MAX_VECTOR_LENGTH} lanes at `vscale`, and that lane count; undefined when none.
 * @throws LoopIrArgumentError when `root` is no module or operation, or `vscale` no positive
 *   integer.
 */
export function overwideVector(
  root: Module | Operation,
  vscale: number,
): { readonly opName: string; readonly lanes: number } | undefined {
  const isOperation = typeof root === 'object' && root !== null && 'regions' in root;
  if (isOperation) expectOperation(root, 'root');
  else expectModule(root, 'root');
  expectInteger(vscale, 'vscale', 1);
  let found: { opName: string; lanes: number } | undefined;
  const check = (opName: string, t: Type): void => {
    if (found !== undefined || t.kind !== 'vector') return;
    const lanes = laneCount(t, vscale);
    if (lanes > MAX_VECTOR_LENGTH) found = { opName, lanes };
  };
  // A plain recursion (no per-block arrays): this runs on every engine compile.
  const visit = (op: Operation): void => {
    for (const r of op.results) check(op.name, r.type);
    for (const region of op.regions) {
      for (const block of region.blocks) {
        for (const a of block.arguments) check(op.name, a.type);
        for (const inner of block.operations) visit(inner);
      }
    }
  };
  if (isOperation) visit(root as Operation);
  else for (const op of root.operations) visit(op);
  return found;
}

/**
 * The message of an over-wide vector, shared by the interpreter and the engines.
 * @throws LoopIrArgumentError when `lanes` is no number or `vscale` no positive integer.
 */
export function overwideMessage(lanes: number, vscale: number): string {
  expectNumber(lanes, 'lanes');
  expectInteger(vscale, 'vscale', 1);
  return `a vector of ${lanes} lanes (at vscale ${vscale}) exceeds the limit of ${MAX_VECTOR_LENGTH} lanes per vector`;
}
