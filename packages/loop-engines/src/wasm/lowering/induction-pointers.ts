/**
 * Induction pointers: inside an `scf.for`, each rank-1 memref that the body indexes by the
 * loop's induction variable (or the variable plus a small constant) gets an i32 local holding
 * the byte address of element `iv`. It is set once before the loop and advanced by
 * `step * bytes` where the variable advances, so such an access costs a `local.get` instead of
 * `base + (wrap(iv + c) << log2(bytes))` recomputed from the i64 variable: V8 does not
 * strength-reduce that itself, and on a counting loop over 200 k entries the recomputation
 * (and the constant added to the index rather than to the address) took 1.6 times as long.
 *
 * The pointer holds the number the general computation gives for element `iv`, modulo 2^32,
 * so adding `c * bytes` with `i32.add` reaches element `iv + c` exactly as before. The
 * constant may instead go into the load's or store's offset (which adds without wrapping)
 * only where `iv` cannot be negative: then an in-bounds element `iv + c` means the pointer
 * itself did not wrap.
 */
import type { Block, Operation, Value } from '@tilekit/loop-ir';
import { operand, operands } from '@tilekit/loop-ir';

/** The largest constant (in elements) an access may add to the induction variable. */
const MAX_ELEMENT_OFFSET = 1n << 12n;

/** The ops whose memref and indices an induction pointer can stand for, by memref operand. */
const ACCESS_MEMREF: Readonly<Record<string, string>> = {
  'memref.load': 'memref',
  'memref.store': 'memref',
  'vector.load': 'base',
  'vector.store': 'base',
  'vector.maskedload': 'base',
  'vector.maskedstore': 'base',
  'vector.gather': 'base',
  'vector.scatter': 'base',
};

/** An access's memref and its indices, or undefined for ops that access no memref. */
export function accessParts(
  op: Operation,
): { memref: Value; indices: readonly Value[] } | undefined {
  const memrefOperand = ACCESS_MEMREF[op.name];
  if (memrefOperand === undefined) return undefined;
  return { memref: operand(op, memrefOperand), indices: operands(op, 'indices') };
}

/** How an index relates to an induction variable. */
export interface InductionOffsetQuery {
  /** The op defining a value (undefined for block arguments). */
  definingOp(v: Value): Operation | undefined;
  /** The value of an integer `arith.constant`, else undefined. */
  constantOf(v: Value): bigint | undefined;
}

/**
 * `c` when `index` is `iv` (c = 0) or `arith.addi` of `iv` and a constant `c` in
 * [0, 4096], else undefined.
 */
export function inductionOffset(
  index: Value,
  iv: Value,
  query: InductionOffsetQuery,
): bigint | undefined {
  if (index === iv) return 0n;
  const def = query.definingOp(index);
  if (def?.name !== 'arith.addi' || def.operands.length !== 2) return undefined;
  const [a, b] = def.operands as [Value, Value];
  const c = a === iv ? query.constantOf(b) : b === iv ? query.constantOf(a) : undefined;
  return c !== undefined && c >= 0n && c <= MAX_ELEMENT_OFFSET ? c : undefined;
}

/** A rank-1 memref without a layout (elements one after another from its base address). */
function isPlainRank1(v: Value): boolean {
  return v.type.kind === 'memref' && v.type.shape.length === 1 && v.type.layout === undefined;
}

/**
 * The memrefs `body` (nested regions included: the variable is fixed for one iteration)
 * accesses at the induction variable `iv` plus a constant, in order of first access.
 */
export function walkedMemrefs(body: Block, iv: Value, query: InductionOffsetQuery): Value[] {
  const found = new Set<Value>();
  const visit = (block: Block): void => {
    for (const op of block.operations) {
      const parts = accessParts(op);
      if (
        parts !== undefined &&
        parts.indices.length === 1 &&
        isPlainRank1(parts.memref) &&
        inductionOffset(parts.indices[0] as Value, iv, query) !== undefined
      )
        found.add(parts.memref);
      for (const region of op.regions) for (const inner of region.blocks) visit(inner);
    }
  };
  visit(body);
  return [...found];
}
