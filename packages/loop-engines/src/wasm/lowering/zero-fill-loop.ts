/**
 * Zero-fill loops: an `scf.for` (step 1, nothing carried) whose body only stores a constant
 * with all bits zero to consecutive elements of the innermost dimension, `m[.., i] = 0`, as the
 * sparsifier emits to clear a dense output before accumulating into it. Element by element,
 * that is an address computation and a scalar store per element; the wasm engine writes the
 * same bytes with one `memory.fill` per loop instead (a dense 20000 x 64 output is 1.28 M
 * stores). The bytes written are the same, in the same places (no layout but the identity
 * one, where consecutive `i` are consecutive elements); nothing else in the body could observe
 * the order.
 */
import type { MemRefType, Operation, Value } from '@tilekit/loop-ir';
import { operand, operands } from '@tilekit/loop-ir';
import type { CountedLoop } from '../../lowering.js';

/** The store of a zero-fill loop and what it writes. */
export interface ZeroFill {
  readonly memref: Value;
  readonly type: MemRefType;
  /** The store's indices: the induction variable last, loop-invariant values before it. */
  readonly indices: readonly Value[];
}

/** True when `v` is an `arith.constant` scalar whose bits are all zero (0, `+0.0`, false). */
export function isZeroBitsConstant(
  v: Value,
  definingOp: (v: Value) => Operation | undefined,
): boolean {
  const def = definingOp(v);
  if (def?.name !== 'arith.constant') return false;
  const attr = def.attributes.value;
  if (attr?.kind === 'integer') return attr.value === 0n;
  if (attr?.kind === 'float') return Object.is(attr.value, 0);
  return false;
}

/**
 * The fill `loop` performs, or undefined when it is not a zero-fill loop. `constantOf` gives
 * an integer constant's value; `definingOp` the op defining a value.
 */
export function zeroFillOf(
  loop: CountedLoop,
  constantOf: (v: Value) => bigint | undefined,
  definingOp: (v: Value) => Operation | undefined,
): ZeroFill | undefined {
  const { body } = loop;
  const [store, terminator, ...more] = body.operations;
  if (
    store?.name !== 'memref.store' ||
    terminator?.name !== 'scf.yield' ||
    terminator.operands.length > 0 ||
    more.length > 0 ||
    body.arguments.length !== 1 ||
    constantOf(loop.step) !== 1n
  )
    return undefined;
  const memref = operand(store, 'memref');
  const type = memref.type;
  if (type.kind !== 'memref' || type.layout !== undefined) return undefined;
  const indices = operands(store, 'indices');
  const iv = loop.inductionVariable;
  const last = indices[indices.length - 1];
  if (last !== iv || indices.slice(0, -1).includes(iv)) return undefined;
  if (!isZeroBitsConstant(operand(store, 'value'), definingOp)) return undefined;
  return { memref, type, indices };
}
