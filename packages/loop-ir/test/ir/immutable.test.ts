/**
 * `isFrozenModule` holds exactly for modules nothing can change: every module the builders
 * and the parser make, and no module with a mutable node anywhere inside.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  type Block,
  buildFunction,
  buildModule,
  f32,
  isFrozenModule,
  type Module,
  type Operation,
  parseModule,
  printModule,
} from '../../src/index.js';

/** A function with `depth` nested scf.for loops, each loading and storing (parsed from MLIR). */
function loopModule(depth: number): Module {
  let body = '';
  for (let level = depth - 1; level >= 0; level--) {
    body = `scf.for %i${level} = %c0 to %n step %c1 {
      %v${level} = memref.load %buf[%i${level}] : memref<?xf32>
      %w${level} = arith.addf %v${level}, %v${level} : f32
      memref.store %w${level}, %buf[%i${level}] : memref<?xf32>
      ${body}
    }`;
  }
  return parseModule(`func.func @f(%buf: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    ${body}
    return
  }`);
}

/** Every node of `module` with the path of setters that rebuilds the module around a copy of it. */
function nodes(module: Module): { rebuild: (replace: (node: object) => object) => Module }[] {
  const out: { rebuild: (replace: (node: object) => object) => Module }[] = [];
  const visitOps = (ops: readonly Operation[], wrap: (ops: readonly Operation[]) => Module) => {
    out.push({ rebuild: (r) => wrap(r(ops) as Operation[]) });
    ops.forEach((op, k) => {
      const put = (next: Operation) => wrap(ops.map((o, j) => (j === k ? next : o)));
      out.push({ rebuild: (r) => put(r(op) as Operation) });
      out.push({ rebuild: (r) => put({ ...op, operands: r(op.operands) as never }) });
      out.push({ rebuild: (r) => put({ ...op, results: r(op.results) as never }) });
      out.push({ rebuild: (r) => put({ ...op, attributes: r(op.attributes) as never }) });
      op.regions.forEach((region, ri) => {
        region.blocks.forEach((block: Block, bi) => {
          const putBlock = (nb: Block) =>
            put({
              ...op,
              regions: op.regions.map((rg, j) =>
                j === ri ? { blocks: rg.blocks.map((bb, m) => (m === bi ? nb : bb)) } : rg,
              ),
            });
          out.push({ rebuild: (r) => putBlock(r(block) as Block) });
          out.push({
            rebuild: (r) => putBlock({ ...block, arguments: r(block.arguments) as never }),
          });
          visitOps(block.operations, (next) => putBlock({ ...block, operations: next }));
        });
      });
    });
  };
  visitOps(module.operations, (ops) => Object.freeze({ operations: ops }) as Module);
  return out;
}

/** Deep-freezes what the rebuild left plain (so only the replaced node stays mutable). */
function freezeAllBut(value: unknown, keep: unknown, seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (value !== keep) Object.freeze(value);
  for (const v of Object.values(value)) freezeAllBut(v, keep, seen);
}

describe('isFrozenModule', () => {
  it('holds for built, parsed and printed-and-parsed modules', () => {
    for (const depth of [1, 2, 3]) {
      const parsed = loopModule(depth);
      expect(isFrozenModule(parsed)).toBe(true);
      expect(isFrozenModule(parseModule(printModule(parsed)))).toBe(true);
      const built = buildModule([
        buildFunction('g', [f32], [f32], (b, x) => [b.addf(x as never, x as never)]),
      ]);
      expect(isFrozenModule(built)).toBe(true);
    }
  });

  it('fails when any one node inside is a mutable copy (seeded choice of nodes)', () => {
    const random = seededRandom(35);
    const module = loopModule(2);
    const all = nodes(module);
    expect(all.length).toBeGreaterThan(30);
    for (let trial = 0; trial < 60; trial++) {
      const site = all[Math.floor(random() * all.length)]!;
      let copy: object | undefined;
      const rebuilt = site.rebuild((node) => {
        copy = Array.isArray(node) ? [...node] : { ...node };
        return copy;
      });
      freezeAllBut(rebuilt, copy);
      expect(Object.isFrozen(copy)).toBe(false);
      expect(isFrozenModule(rebuilt)).toBe(false);
    }
  });

  it('is false for things that are not modules', () => {
    for (const junk of [null, undefined, 3, 'module', {}, Object.freeze({ operations: 3 })])
      expect(isFrozenModule(junk as never)).toBe(false);
  });
});
