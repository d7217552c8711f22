/**
 * Finds widening casts to i64 (`arith.extui`/`extsi` from 32 bits or fewer) whose every use
 * only needs the exact integer: an `index_cast` to `index`, or the index vector of a gather
 * or scatter. The js engine keeps those values as plain numbers instead of bigints, which
 * turns MLIR's coordinate idiom (`load i32; extui to i64; index_cast to index`) into one
 * unsigned read.
 */
import type { Operation, Value } from '@tilekit/loop-ir';
import { elementTypeOf, usersOf, walkOperations } from '@tilekit/loop-ir';

const WIDENING = new Set(['arith.extui', 'arith.extsi']);
const INDEX_CASTS = new Set(['arith.index_cast', 'arith.index_castui']);

function isNarrowingUse(user: Operation, v: Value): boolean {
  if (INDEX_CASTS.has(user.name))
    return elementTypeOf((user.results[0] as Value).type).kind === 'index';
  if (user.name === 'vector.gather' || user.name === 'vector.scatter') {
    const at = user.operands.indexOf(v);
    return at === user.operands.length - 3 && user.operands.lastIndexOf(v) === at;
  }
  return false;
}

/** The i64 values of `func` that the js engine may hold as exact numbers. */
export function narrowWideningValues(func: Operation): Set<Value> {
  const users = usersOf(func);
  const out = new Set<Value>();
  walkOperations(func, (op) => {
    if (!WIDENING.has(op.name)) return;
    const result = op.results[0] as Value;
    const to = elementTypeOf(result.type);
    const from = elementTypeOf((op.operands[0] as Value).type);
    if (to.kind !== 'integer' || to.width !== 64 || from.kind !== 'integer' || from.width > 32)
      return;
    const uses = users.get(result) ?? [];
    if (uses.length > 0 && uses.every((u) => isNarrowingUse(u, result))) out.add(result);
  });
  return out;
}
