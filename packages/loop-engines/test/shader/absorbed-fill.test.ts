/**
 * The absorbed fill (src/shader/absorbed-fill.ts) over every variation of SpMM's fill: a fill
 * is absorbed exactly when it stores a constant at `[row, column]` over `[0, m) x [0, k)` by 1,
 * the grid's own bounds; an absorbed program is one pass that never reads C and stores every
 * element once (simulated), and any other fill keeps its pass.
 */
import { parseModule } from '@tilekit/loop-ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileWgsl, simulateInvocations } from '../../src/index.js';
import { csrFunction, spmmRow } from './support/csr-loops.js';

interface FillVariant {
  readonly value: '%zero' | '%start';
  readonly outer: '%m' | '%k';
  readonly inner: '%k' | '%m';
  readonly lower: '%c0' | '%c1';
  readonly at: '%i, %q' | '%q, %i';
}

const spmm = (f: FillVariant) =>
  csrFunction(
    'spmm',
    '%b: memref<?x?xf32>, %c: memref<?x?xf32>, %m: index, %k: index, %start: f32',
    `
  %zero = arith.constant 0.000000e+00 : f32
  scf.for %i = ${f.lower} to ${f.outer} step %c1 {
    scf.for %q = %c0 to ${f.inner} step %c1 {
      memref.store ${f.value}, %c[${f.at}] : memref<?x?xf32>
    }
  }
  scf.for %i = %c0 to %m step %c1 {${spmmRow('%k')}
  }`,
  );

const variants = fc.record<FillVariant>({
  value: fc.constantFrom('%zero', '%start'),
  outer: fc.constantFrom('%m', '%k'),
  inner: fc.constantFrom('%k', '%m'),
  lower: fc.constantFrom('%c0', '%c1'),
  at: fc.constantFrom('%i, %q', '%q, %i'),
});

describe('absorbed fills', () => {
  it('absorbs exactly the constant fills of the grid’s own elements', () => {
    fc.assert(
      fc.property(
        variants,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (f, m, k) => {
          const program = compileWgsl(parseModule(spmm(f)), 'spmm');
          if (!program.parallel) throw new Error(program.reason);
          const absorbable =
            f.value === '%zero' &&
            f.outer === '%m' &&
            f.inner === '%k' &&
            f.lower === '%c0' &&
            f.at === '%i, %q';
          expect(program.passes.length).toBe(absorbable ? 1 : 2);
          const grid = program.passes.at(-1);
          if (grid === undefined) throw new Error('no pass');
          // Rows of 0-3 entries; the simulation's C is argument 4.
          const pos = Int32Array.from({ length: m + 1 }, (_, i) => Math.min(i * 2, 3 * i));
          const crd = Int32Array.from({ length: pos[m] ?? 0 }, (_, e) => e % k);
          const extents = [[m + 1], [crd.length], [crd.length], [k, k], [m, k]];
          const input = {
            scalar: (a: number) => (a === 5 ? m : k),
            extent: (a: number, d: number) => extents[a]?.[d] ?? 0,
            data: (a: number) => (a === 0 ? pos : a === 1 ? crd : undefined),
          };
          const count = (grid.launch(input).schedule?.workgroups ?? 0) * 64;
          const sims = simulateInvocations(
            grid,
            input,
            Array.from({ length: count }, (_, n) => n),
          );
          const c = sims.flatMap((s) => s.accesses.filter((a) => a.memref === 4));
          expect(c.some((a) => a.kind === 'load')).toBe(!absorbable);
          const stores = c.filter((a) => a.kind === 'store').map((a) => a.index);
          expect(stores.sort((x, y) => x - y)).toEqual(Array.from({ length: m * k }, (_, e) => e));
        },
      ),
      { numRuns: 200 },
    );
  });
});
