/**
 * When the locals of an IR value may be handed to another value. Fresh locals for every SSA
 * value would overrun the wasm limit of 50,000 locals per function on a long function, so a
 * value's locals go back to a pool once the op holding its last use is compiled.
 *
 * The last use is lifted to the op of the value's own block that contains it, so a value used
 * inside a loop stays live for the whole loop. Lowerings may read the locals of values one or
 * two definitions behind an operand (a gather reads through `extui` to the i32 vector and
 * replays that vector's load indices, see gather-indices.ts), so those count as uses too.
 * Block arguments (induction variables, loop-carried values, parameters) are never released:
 * loop results alias the carried locals, and releasing the result releases them.
 */
import type { Block, Operation, Value } from '@tilekit/loop-ir';

/** The values whose locals are free once each op has been compiled. */
export function releasePoints(func: Operation): Map<Operation, Value[]> {
  const definedAt = new Map<Value, { readonly op: Operation; readonly depth: number }>();
  const lastUse = new Map<Value, Operation>();
  // enclosing[d]: the op at depth d that contains the op being visited.
  const enclosing: Operation[] = [];
  const use = (v: Value): void => {
    const def = definedAt.get(v);
    if (def !== undefined) lastUse.set(v, enclosing[def.depth] as Operation);
  };
  const visit = (block: Block, depth: number): void => {
    for (const op of block.operations) {
      enclosing[depth] = op;
      for (const v of op.operands) {
        use(v);
        for (const w of definedAt.get(v)?.op.operands ?? []) {
          use(w);
          for (const x of definedAt.get(w)?.op.operands ?? []) use(x);
        }
      }
      for (const r of op.results) {
        definedAt.set(r, { op, depth });
        lastUse.set(r, op);
      }
      for (const region of op.regions) for (const b of region.blocks) visit(b, depth + 1);
    }
  };
  for (const region of func.regions) for (const b of region.blocks) visit(b, 0);
  const points = new Map<Operation, Value[]>();
  for (const [v, op] of lastUse) {
    const list = points.get(op);
    if (list === undefined) points.set(op, [v]);
    else list.push(v);
  }
  return points;
}
