/**
 * The index vectors of gathers and scatters: what the lowering may assume about their lanes
 * (masked-off lanes zero, i32 lanes still in memory) and when loading them can be skipped.
 */

import type { Operation, Type, Value } from '@tilekit/loop-ir';
import { operand, operands, result } from '@tilekit/loop-ir';
import type { FunctionCompiler } from './function-compiler.js';
import type { IndexVector } from './gather-scatter.js';
import { startAddress } from './memory-ops.js';

const WIDENINGS = new Set(['arith.extui', 'arith.extsi', 'arith.index_cast', 'arith.index_castui']);

/**
 * The index vector of a gather/scatter. A widening of an i32 vector (the coordinate idiom
 * `extui vector<Nxi32> to vector<Nxi64>`) is looked through: wasm32 addresses use only the
 * low 32 bits, which are the i32 lanes themselves.
 */
export function indexVectorOf(c: FunctionCompiler, v: Value, mask: Value): IndexVector {
  const def = c.definingOp(v);
  const src = def !== undefined && WIDENINGS.has(def.name) ? operand(def, 'in') : undefined;
  let source = v;
  if (src?.type.kind === 'vector') {
    const e = src.type.element;
    if (e.kind === 'integer' && e.width === 32) source = src;
  }
  // Loaded under the same mask with a zero pass-through: masked-off lanes are already 0.
  const load = c.definingOp(source);
  const zeroWhereMasked =
    load?.name === 'vector.maskedload' &&
    operand(load, 'mask') === mask &&
    c.isZeroVector(operand(load, 'passThru'));
  const vector = c.vectorOf(source);
  const inMemory = i32LoadAddress(c, source);
  return {
    parts: vector.parts,
    element: vector.type.element,
    zeroWhereMasked,
    ...(inMemory === undefined ? {} : { inMemory }),
  };
}

/**
 * When `v` (an i32 vector) was loaded from consecutive memory with every lane active (a
 * `vector.load`, or a `vector.maskedload` whose mask is all-true here), the byte address of
 * its first lane, recomputed into a local.
 */
function i32LoadAddress(c: FunctionCompiler, v: Value): number | undefined {
  const load = c.definingOp(v);
  if (load === undefined || v.type.kind !== 'vector' || !i32LoadIsReplayable(c, load))
    return undefined;
  return startAddress(c, c.vectorAccess(operand(load, 'base'), operands(load, 'indices'), v.type));
}

/**
 * True when the i32 index vector `load` produces is used only as the indices of all-active
 * gathers from unstrided memrefs: those re-read the indices from memory (see
 * i32LoadAddress), so the vector itself is never read and its load is skipped. The same
 * bytes are still read, so an out-of-bounds access traps as before.
 */
export function onlyGatheredFromMemory(c: FunctionCompiler, load: Operation): boolean {
  const v = result(load);
  const users = c.usersOf(v);
  // A gather reading `v` as its index vector only (not as an index), under an all-true mask.
  const isMemoryGather = (user: Operation): boolean => {
    const data = c.memOf(operand(user, 'base'));
    return (
      operand(user, 'indexVec') === v &&
      !operands(user, 'indices').includes(v) &&
      c.isAllTrue(operand(user, 'mask')) &&
      data.mem.strided === undefined &&
      !isI1(data.type.element)
    );
  };
  return (
    users.length > 0 &&
    users.every((user) => user.name === 'vector.gather' && isMemoryGather(user)) &&
    i32LoadIsReplayable(c, load)
  );
}

function isI1(t: Type): boolean {
  return t.kind === 'integer' && t.width === 1;
}

/** The conditions under which i32LoadAddress gives an address for `load`'s result. */
function i32LoadIsReplayable(c: FunctionCompiler, load: Operation): boolean {
  const masked = load.name === 'vector.maskedload';
  if (!(load.name === 'vector.load' || (masked && c.isAllTrue(operand(load, 'mask')))))
    return false;
  const v = result(load);
  if (v.type.kind !== 'vector') return false;
  const e = v.type.element;
  if (e.kind !== 'integer' || e.width !== 32) return false;
  return c.memOf(operand(load, 'base')).type.layout === undefined;
}

/** Lane-wise float ops that cannot trap: a lane of their result depends on that lane only. */
const LANEWISE_FLOAT = new Set(['arith.addf', 'arith.subf', 'arith.mulf', 'arith.negf']);

/**
 * True when no lane of `v` that `mask` turns off is ever observed: every use is a lane-wise
 * float op whose result has the same property, or the true operand of `arith.select` under
 * `mask` (which takes those lanes from its false operand). Masked loads and gathers producing
 * such a value need not blend in their pass-through.
 */
export function maskedLanesUnused(c: FunctionCompiler, v: Value, mask: Value): boolean {
  const users = c.usersOf(v);
  return (
    users.length > 0 &&
    users.every((u) => {
      if (u.name === 'arith.select')
        return (
          operand(u, 'condition') === mask &&
          operand(u, 'trueValue') === v &&
          operand(u, 'falseValue') !== v
        );
      if (!LANEWISE_FLOAT.has(u.name)) return false;
      const r = result(u);
      return r.type.kind === 'vector' && maskedLanesUnused(c, r, mask);
    })
  );
}
