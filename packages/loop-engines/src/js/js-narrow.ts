/**
 * Finds widening casts to i64 (`arith.extui`/`extsi` from 32 bits or fewer) whose every use
 * only needs the exact integer: an `index_cast` to `index`, or the index vector of a gather
 * or scatter. The js engine keeps those values as plain numbers instead of bigints, which
 * turns MLIR's coordinate idiom (`load i32; extui to i64; index_cast to index`) into one
 * unsigned read.
 */
import type { Operation, Value } from '@tilekit/loop-ir';
import { elementTypeOf, operand, result, usersOf, walkOperations } from '@tilekit/loop-ir';

const WIDENING = new Set(['arith.extui', 'arith.extsi']);
const INDEX_CASTS = new Set(['arith.index_cast', 'arith.index_castui']);

/** Whether `op` is a widening cast (`arith.extui` / `arith.extsi`) the engine may keep narrow. */
export function isNarrowWidening(op: Operation): boolean {
  return WIDENING.has(op.name);
}

/** Whether `op` is an `arith.index_cast` / `arith.index_castui`. */
export function isIndexCast(op: Operation): boolean {
  return INDEX_CASTS.has(op.name);
}

function isNarrowingUse(user: Operation, v: Value): boolean {
  if (isIndexCast(user)) return elementTypeOf(result(user, 'out').type).kind === 'index';
  if (user.name === 'vector.gather' || user.name === 'vector.scatter') {
    // Only as the index vector, and nowhere else in the op.
    const all = user.operands;
    return operand(user, 'indexVec') === v && all.indexOf(v) === all.lastIndexOf(v);
  }
  return false;
}

/** The i64 values of `func` that the js engine may hold as exact numbers. */
export function narrowWideningValues(func: Operation): Set<Value> {
  const users = usersOf(func);
  const out = new Set<Value>();
  walkOperations(func, (op) => {
    if (!isNarrowWidening(op)) return;
    const wide = result(op, 'out');
    const to = elementTypeOf(wide.type);
    const from = elementTypeOf(operand(op, 'in').type);
    if (to.kind !== 'integer' || to.width !== 64 || from.kind !== 'integer' || from.width > 32)
      return;
    const uses = users.get(wide) ?? [];
    if (uses.length > 0 && uses.every((u) => isNarrowingUse(u, wide))) out.add(wide);
  });
  return out;
}
