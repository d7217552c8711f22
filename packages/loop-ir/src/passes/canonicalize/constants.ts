/**
 * Constant hoisting and de-duplication, as MLIR's greedy rewrite driver does with every
 * constant it meets: one `arith.constant` per distinct value, at the top of the function.
 * Running it before vectorization also makes constants written inside a loop invariant.
 */
import { expectOperation } from '../../argument-checks.js';
import { type Attribute, attrEquals } from '../../ir/attributes.js';
import {
  createBlock,
  createRegion,
  type Operation,
  type Value,
  withRegions,
} from '../../ir/operation.js';
import { IRMapping, remapOperation } from '../../ir/rewriter.js';

/**
 * `func` with all its constants unique and first in the entry block, in order of first
 * appearance; `changed` if any moved.
 */
export function hoistConstants(func: Operation): { func: Operation; changed: boolean } {
  expectOperation(func, 'func');
  const unique: Operation[] = [];
  const canonical = new Map<Value, Value>();
  collectConstants(func, unique, canonical);
  const entry = func.regions[0]?.blocks[0];
  if (entry === undefined) return { func, changed: false };
  const alreadyHoisted =
    unique.length === canonical.size && unique.every((op, k) => entry.operations[k] === op);
  if (alreadyHoisted) return { func, changed: false };
  const stripped = remapOperation(func, new IRMapping(), (op) =>
    op.name === 'arith.constant'
      ? { operations: [], results: [canonical.get(op.results[0] as Value) as Value] }
      : undefined,
  );
  const body = stripped.regions[0]?.blocks[0];
  if (body === undefined) throw new Error('internal: function lost its body');
  const hoisted = createBlock(body.arguments, [...unique, ...body.operations]);
  const regions = [createRegion([hoisted, ...(stripped.regions[0]?.blocks.slice(1) ?? [])])];
  return { func: withRegions(func, regions), changed: true };
}

/**
 * A coarse hash of a constant's value: equal attributes (by `attrEquals`) always share it, so
 * only constants in one bucket are compared (a linear search over all of them made hoisting
 * quadratic in the number of distinct constants).
 */
function bucketOf(a: Attribute): string {
  return 'value' in a ? `${a.kind}:${String(a.value)}` : a.kind;
}

function collectConstants(
  op: Operation,
  unique: Operation[],
  canonical: Map<Value, Value>,
  buckets = new Map<string, Operation[]>(),
): void {
  for (const region of op.regions) {
    for (const block of region.blocks) {
      for (const inner of block.operations) {
        if (inner.name === 'arith.constant') {
          const value = inner.attributes.value as Attribute;
          const key = bucketOf(value);
          const bucket = buckets.get(key) ?? [];
          const same = bucket.find((u) => attrEquals(u.attributes.value as Attribute, value));
          if (same === undefined) {
            unique.push(inner);
            bucket.push(inner);
            buckets.set(key, bucket);
          }
          canonical.set(inner.results[0] as Value, (same ?? inner).results[0] as Value);
        }
        collectConstants(inner, unique, canonical, buckets);
      }
    }
  }
}
