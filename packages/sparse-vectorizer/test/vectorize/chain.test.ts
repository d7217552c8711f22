/** The reduction-chain rewriter, with fix 1: fold only into a reduction of the same kind. */

import { interpret } from '@tilekit/loop-ir';
import { loadKernel } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { opsNamed, run } from './helpers.js';

function chain(kinds: readonly string[], type = 'i32'): string {
  const loops = kinds.map((op, k) => {
    const from = k === 0 ? '%init' : `%r${k - 1}`;
    return `  %r${k} = scf.for %i = %c0 to %n step %c1 iter_args(%acc = ${from}) -> (${type}) {
    %0 = memref.load %a${k}[%i] : memref<?x${type}>
    %1 = ${op} %acc, %0 : ${type}
    scf.yield %1 : ${type}
  } {"Emitted from" = "linalg.generic"}`;
  });
  const memrefs = kinds.map((_, k) => `%a${k}: memref<?x${type}>`).join(', ');
  return `func.func @k(${memrefs}, %init: ${type}, %n: index) -> ${type} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
${loops.join('\n')}
  return %r${kinds.length - 1} : ${type}
}`;
}

describe('ReducChainRewriter', () => {
  it('three ADD loops in a chain keep one horizontal reduction, after the last loop', () => {
    const { module, report } = run(chain(['arith.addi', 'arith.addi', 'arith.addi']), {
      vectorLength: 4,
    });
    expect(opsNamed(module, 'vector.reduction')).toHaveLength(1);
    expect(report.chains.map((c) => [c.producer, c.consumer, c.folded])).toEqual([
      [0, 1, true],
      [1, 2, true],
    ]);
    // 1 + (1+2+3+4+5) + 10*5 + 100*5 = 566
    const fill = (v: number) => Int32Array.from({ length: 5 }, () => v);
    const a0 = Int32Array.from([1, 2, 3, 4, 5]);
    expect(interpret(module, 'k', [a0, fill(10), fill(100), 1, 5n])).toEqual([566]);
  });

  it.each([
    ['arith.andi', 'arith.andi', true],
    ['arith.xori', 'arith.xori', true],
    ['arith.addi', 'arith.xori', false],
    ['arith.ori', 'arith.andi', false],
    ['arith.muli', 'arith.addi', false],
  ])('%s then %s: folded = %s', (first, second, folded) => {
    const { module, report } = run(chain([first, second]), { vectorLength: 8 });
    expect(report.chains).toEqual([expect.objectContaining({ producer: 0, consumer: 1, folded })]);
    expect(opsNamed(module, 'vector.reduction')).toHaveLength(folded ? 1 : 2);
    if (!folded) expect(report.chains[0]?.reason).toContain('kinds differ');
  });

  it('a reduction broadcast as an invariant is not folded (the corpus normalisation kernel)', () => {
    const { report } = run(loadKernel('fix1_reduction_then_broadcast').text, { vectorLength: 8 });
    expect(report.chains).toEqual([
      expect.objectContaining({ producer: 0, consumer: undefined, folded: false }),
    ]);
    expect(report.chains[0]?.reason).toContain('does not start a vectorized reduction loop');
  });

  it('XOR after ADD stays correct: (3 + 1 + 2) ^ 4 ^ 8 = 10', () => {
    const { module } = run(chain(['arith.addi', 'arith.xori']), { vectorLength: 4 });
    expect(
      interpret(module, 'k', [Int32Array.from([1, 2]), Int32Array.from([4, 8]), 3, 2n]),
    ).toEqual([10]);
  });
});
