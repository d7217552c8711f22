/**
 * The wasm engine's two per-function analyses, written with indexed loops over the frozen IR,
 * give exactly what the plain formulation gives (a value-by-value walk with for-of and a map
 * of every definition) on every corpus kernel, scalar and vectorized at several vector
 * lengths: the same release points in the same order (`releasePoints`) and the same
 * remaining-lanes mask for every loop (`remainingLanesMask`).
 */
import {
  type Block,
  type Module,
  type Operation,
  operands,
  result,
  type Value,
  walkOperations,
} from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { loadCorpus } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { affineOpParts } from '../src/affine-op.js';
import { remainingLanesMask } from '../src/wasm/lowering/full-vector-loop.js';
import { releasePoints } from '../src/wasm/lowering/local-reuse.js';

/** The plain formulation of releasePoints (see local-reuse.ts for the rule). */
function plainReleasePoints(func: Operation): Map<Operation, Value[]> {
  const definedAt = new Map<Value, { op: Operation; depth: number }>();
  const lastUse = new Map<Value, Operation>();
  const enclosing: Operation[] = [];
  const use = (v: Value) => {
    const def = definedAt.get(v);
    if (def !== undefined) lastUse.set(v, enclosing[def.depth] as Operation);
  };
  const visit = (block: Block, depth: number) => {
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
  for (const [v, op] of lastUse) points.set(op, [...(points.get(op) ?? []), v]);
  return points;
}

/** The plain formulation of remainingLanesMask: a map of every definition in the body. */
function plainRemainingLanesMask(body: Block, hi: Value, step: Value): Value | undefined {
  const iv = body.arguments[0];
  const defs = new Map(body.operations.flatMap((op) => op.results.map((r) => [r, op] as const)));
  for (const op of body.operations) {
    if (op.name !== 'vector.create_mask') continue;
    const [bound, ...more] = operands(op, 'operands');
    const min = bound === undefined || more.length > 0 ? undefined : defs.get(bound);
    if (min?.name !== 'affine.min' || min.attributes.map?.kind !== 'affineMap') continue;
    const { map, dims, symbols } = affineOpParts(min);
    if (map.results.length !== 2) continue;
    type E = (typeof map.results)[number];
    const dim = (e: E, v: Value | undefined) => e.kind === 'dim' && dims[e.position] === v;
    const minusOne = (e: E) => e.kind === 'constant' && Number(e.value) === -1;
    const negated = (e: E, v: Value | undefined) =>
      e.kind === 'binary' &&
      e.op === '*' &&
      ((dim(e.lhs, v) && minusOne(e.rhs)) || (dim(e.rhs, v) && minusOne(e.lhs)));
    const remaining = (e: E) =>
      e.kind === 'binary' &&
      ((e.op === '-' && dim(e.lhs, hi) && dim(e.rhs, iv)) ||
        (e.op === '+' &&
          ((dim(e.lhs, hi) && negated(e.rhs, iv)) || (dim(e.rhs, hi) && negated(e.lhs, iv)))));
    const isStep = (e: (typeof map.results)[number]) =>
      (e.kind === 'symbol' && symbols[e.position] === step) ||
      (e.kind === 'dim' && dims[e.position] === step) ||
      (e.kind === 'constant' && constantOf(step) === BigInt(e.value));
    const [x, y] = map.results;
    if (
      x !== undefined &&
      y !== undefined &&
      ((remaining(x) && isStep(y)) || (remaining(y) && isStep(x)))
    )
      return result(op);
  }
  return undefined;
}

let defsOf = new Map<Value, Operation>();
/** The value of an integer `arith.constant`, as the function compiler reads it. */
function constantOf(v: Value): bigint | undefined {
  const op = defsOf.get(v);
  const attr = op?.attributes.value;
  return op?.name === 'arith.constant' && attr?.kind === 'integer' ? attr.value : undefined;
}

/** Every corpus kernel, scalar and vectorized. */
function modules(): Module[] {
  const out: Module[] = [];
  for (const kernel of loadCorpus()) {
    out.push(kernel.module);
    for (const vectorLength of [2, 4, 8])
      out.push(
        vectorize(kernel.module, { vectorLength, enableSIMDIndex32: vectorLength === 8 }).module,
      );
  }
  return out;
}

describe('wasm engine analyses', () => {
  const all = modules();

  it('releasePoints equals the plain walk on every corpus kernel', () => {
    expect(all.length).toBeGreaterThan(40);
    for (const module of all) {
      for (const func of module.operations) {
        const fast = releasePoints(func);
        const plain = plainReleasePoints(func);
        expect([...fast.keys()]).toEqual([...plain.keys()]);
        for (const [op, values] of plain) expect(fast.get(op)).toEqual(values);
      }
    }
  });

  it('remainingLanesMask equals the plain lookup for every loop of every corpus kernel', () => {
    let masks = 0;
    for (const module of all) {
      defsOf = new Map();
      walkOperations(module, (op) => {
        for (const r of op.results) defsOf.set(r, op);
      });
      walkOperations(module, (op) => {
        if (op.name !== 'scf.for') return;
        const body = op.regions[0]?.blocks[0] as Block;
        const hi = operands(op, 'upperBound')[0] as Value;
        const step = operands(op, 'step')[0] as Value;
        const fast = remainingLanesMask(body, hi, step, constantOf);
        expect(fast).toBe(plainRemainingLanesMask(body, hi, step));
        if (fast !== undefined) masks++;
      });
    }
    expect(masks).toBeGreaterThan(10);
  });
});
