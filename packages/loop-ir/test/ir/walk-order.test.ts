/**
 * `walkOperations` visits every nested operation once, in pre-order (an op before the ops of
 * its regions, regions and blocks in order), the order every pass and engine relies on; here
 * against a plain recursive reference on seeded random loop nests.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { type Module, type Operation, parseModule, walkOperations } from '../../src/index.js';

/** A function of `ops` nested ifs and loops chosen by `random`. */
function randomNest(random: () => number, budget: number): string {
  const parts: string[] = [];
  let left = budget;
  while (left > 0) {
    left--;
    const pick = random();
    if (pick < 0.3) {
      parts.push(
        `scf.for %i${left} = %c0 to %n step %c1 {\n${randomNest(random, Math.floor(left / 2))}\n}`,
      );
      left = Math.floor(left / 2);
    } else if (pick < 0.5) {
      const inner = randomNest(random, Math.floor(left / 3));
      parts.push(`scf.if %t {\n${inner}\n} else {\n${randomNest(random, Math.floor(left / 3))}\n}`);
      left = Math.floor(left / 3);
    } else {
      parts.push(`%v${left}_${Math.floor(random() * 1e6)} = arith.addi %n, %c1 : index`);
    }
  }
  return parts.join('\n');
}

function reference(module: Module): Operation[] {
  const out: Operation[] = [];
  const visit = (op: Operation) => {
    out.push(op);
    for (const region of op.regions)
      for (const block of region.blocks) for (const inner of block.operations) visit(inner);
  };
  for (const op of module.operations) visit(op);
  return out;
}

describe('walkOperations', () => {
  it('visits in pre-order, each op once (seeded random nests)', () => {
    const random = seededRandom(35);
    for (let trial = 0; trial < 30; trial++) {
      const module = parseModule(`func.func @f(%n: index, %t: i1) {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        ${randomNest(random, 4 + Math.floor(random() * 20))}
        return
      }`);
      const seen: Operation[] = [];
      walkOperations(module, (op) => seen.push(op));
      expect(seen).toEqual(reference(module));
      const func = module.operations[0] as Operation;
      const fromFunc: Operation[] = [];
      walkOperations(func, (op) => fromFunc.push(op));
      expect(fromFunc).toEqual(reference(module));
    }
  });
});
