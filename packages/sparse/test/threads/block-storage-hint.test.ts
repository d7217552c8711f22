/**
 * A thread of a pool runs a kernel with a sparse output over row blocks of different heights
 * in turn (its own block, and a block no worker claimed in time). runKernel sizes a call's
 * output storage by what the last call of the same output shape needed, so once each block ran,
 * every later call of it runs the kernel once, not twice (too little room, then again), and
 * gives the whole call's rows bit for bit: seeded random matrices (uniform and power-law rows),
 * 2 to 4 blocks at random cuts, f32 and f64, SpGEMM and sparse add.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import { runKernel, type SparseTensor, sparsify } from '../../src/index.js';
import { rowBlockOfTensor } from '../../src/threads/row-block.js';
import { randomRowMatrix } from '../support/random-rows.js';
import { expectSameBits } from '../support/same-bits.js';

const CASES = [
  { name: 'SpGEMM', expression: 'C(i,j) = A(i,k) * B(k,j)', square: true },
  { name: 'sparse add', expression: 'C(i,j) = A(i,j) + B(i,j)', square: false },
] as const;

describe('row blocks of different heights in turn run their kernel once each', () => {
  for (const c of CASES) {
    for (const valueType of ['f32', 'f64'] as const) {
      it(`${c.name}, ${valueType}`, () => {
        const kernel = sparsify(c.expression, { A: 'CSR', B: 'CSR', C: 'CSR' }, { valueType });
        const compiled = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
        let calls = 0;
        const fn = (...args: Parameters<typeof compiled>) => {
          calls++;
          return compiled(...args);
        };
        const random = seededRandom(c.name.length * 31 + valueType.length);
        for (let round = 0; round < 6; round++) {
          const rows = 8 + Math.floor(random() * 120);
          const inner = 1 + Math.floor(random() * 60);
          const A = randomRowMatrix(
            random,
            rows,
            inner,
            round % 2 === 1 ? 'power-law' : 'uniform',
            valueType,
          );
          const B = c.square
            ? randomRowMatrix(random, inner, 1 + Math.floor(random() * 60), 'uniform', valueType)
            : randomRowMatrix(random, rows, inner, 'uniform', valueType);
          const whole = runKernel(kernel, fn, { A, B }) as SparseTensor;
          // 2 to 4 blocks of distinct heights, cut at random rows.
          const count = 2 + Math.floor(random() * 3);
          let bounds: number[];
          do {
            const cuts = new Set<number>();
            while (cuts.size < count - 1) cuts.add(1 + Math.floor(random() * (rows - 1)));
            bounds = [0, ...[...cuts].sort((p, q) => p - q), rows];
          } while (
            new Set(bounds.slice(1).map((hi, b) => hi - (bounds[b] as number))).size < count
          );
          const blocks = bounds.slice(1).map((hi, b) => ({
            lo: bounds[b] as number,
            hi,
            A: rowBlockOfTensor(A, bounds[b] as number, hi),
            B: c.square ? B : rowBlockOfTensor(B, bounds[b] as number, hi),
          }));
          // Each block once, in turn: its first call may need a second run.
          for (const block of blocks) runKernel(kernel, fn, { A: block.A, B: block.B });
          for (let pass = 0; pass < 3; pass++) {
            for (const block of blocks) {
              calls = 0;
              const result = runKernel(kernel, fn, { A: block.A, B: block.B }) as SparseTensor;
              expect(calls).toBe(1);
              const wholeRows = rowBlockOfTensor(whole, block.lo, block.hi);
              expectSameBits(result.positions, wholeRows.positions);
              expectSameBits(result.coordinates, wholeRows.coordinates);
              expectSameBits(result.values, wholeRows.values);
            }
          }
        }
      });
    }
  }
});
