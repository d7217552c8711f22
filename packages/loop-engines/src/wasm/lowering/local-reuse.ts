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
import type { Block, Operation, Region, Value } from '@tilekit/loop-ir';

/** The values whose locals are free once each op has been compiled. */
export function releasePoints(func: Operation): Map<Operation, Value[]> {
  const definedAt = new Map<Value, { readonly op: Operation; readonly depth: number }>();
  const lastUse = new Map<Value, Operation>();
  // enclosing[d]: the op at depth d that contains the op being visited.
  const enclosing: Operation[] = [];
  // Indexed loops throughout: the IR's arrays are frozen, and V8 iterates frozen arrays with
  // for-of far slower than by index (this runs over every operand of every compiled function).
  // `reach` more definitions behind `v` count as uses too.
  const use = (v: Value, reach: number): void => {
    const def = definedAt.get(v);
    if (def === undefined) return;
    lastUse.set(v, enclosing[def.depth] as Operation);
    if (reach === 0) return;
    const behind = def.op.operands;
    for (let k = 0; k < behind.length; k++) use(behind[k] as Value, reach - 1);
  };
  const visit = (block: Block, depth: number): void => {
    const ops = block.operations;
    for (let k = 0; k < ops.length; k++) {
      const op = ops[k] as Operation;
      enclosing[depth] = op;
      for (let o = 0; o < op.operands.length; o++) use(op.operands[o] as Value, 2);
      for (let r = 0; r < op.results.length; r++) {
        definedAt.set(op.results[r] as Value, { op, depth });
        lastUse.set(op.results[r] as Value, op);
      }
      visitRegions(op, depth + 1);
    }
  };
  const visitRegions = (op: Operation, depth: number): void => {
    for (let r = 0; r < op.regions.length; r++) {
      const blocks = (op.regions[r] as Region).blocks;
      for (let b = 0; b < blocks.length; b++) visit(blocks[b] as Block, depth);
    }
  };
  visitRegions(func, 0);
  const points = new Map<Operation, Value[]>();
  for (const [v, op] of lastUse) {
    const list = points.get(op);
    if (list === undefined) points.set(op, [v]);
    else list.push(v);
  }
  return points;
}
