/**
 * The Gustavson workspace of SpGEMM stores exactly the touched coordinates of each row (MLIR's
 * `compress`: every j with some A(i,k)·B(k,j), a zero sum included, nothing else), in order,
 * whichever way the row is drained (sorting few touched entries, scanning the marks bitmap for
 * many), for every coordinate width (the marks' word width: 8 to 64 bits, rows of up to 200 columns
 * spanning many words). The reference is plain loops over the CSR arrays; values are integers,
 * so every summation order is exact. Densities span both drains, rows with gaps included.
 */
import { compile } from '@tilekit/loop-engines';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runKernel, SparseTensor, type StorageWidth, sparsify } from '../../src/index.js';
import { ENGINES } from './every-engine.js';
import { randomDense } from './fixtures.js';

const CSR3 = { A: 'CSR', B: 'CSR', C: 'CSR' } as const;

/** A storage array's entries as numbers (64-bit widths hold bigints). */
const numbers = (array: unknown): number[] =>
  Array.from(array as ArrayLike<number | bigint>, (x) => Number(x));

/** Row by row: the sorted touched columns of A·B and their sums (plain loops, no workspace). */
function referenceProduct(a: SparseTensor, b: SparseTensor) {
  const [rows] = a.shape as [number, number];
  const [aPos, aCrd, aVal] = [a.positions[1], a.coordinates[1], a.values].map(numbers) as [
    number[],
    number[],
    number[],
  ];
  const [bPos, bCrd, bVal] = [b.positions[1], b.coordinates[1], b.values].map(numbers) as [
    number[],
    number[],
    number[],
  ];
  const positions = [0];
  const coordinates: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < rows; i++) {
    const sums = new Map<number, number>();
    for (let p = aPos[i] as number; p < (aPos[i + 1] as number); p++) {
      const k = aCrd[p] as number;
      for (let q = bPos[k] as number; q < (bPos[k + 1] as number); q++) {
        const j = bCrd[q] as number;
        sums.set(j, (sums.get(j) ?? 0) + (aVal[p] as number) * (bVal[q] as number));
      }
    }
    for (const j of [...sums.keys()].sort((x, y) => x - y)) {
      coordinates.push(j);
      values.push(sums.get(j) as number);
    }
    positions.push(coordinates.length);
  }
  return { positions, coordinates, values };
}

const problems = fc.record({
  rows: fc.integer({ min: 1, max: 6 }),
  inner: fc.integer({ min: 1, max: 8 }),
  cols: fc.integer({ min: 1, max: 200 }),
  width: fc.constantFrom<StorageWidth>(8, 16, 32, 64, 'index'),
  // Percentages: fast-check's doubles favour 0 and 1, which leave no gaps in a row.
  densityA: fc.integer({ min: 0, max: 100 }).map((p) => p / 100),
  densityB: fc.integer({ min: 0, max: 100 }).map((p) => p / 100),
  seed: fc.integer({ min: 1, max: 1 << 30 }),
});

describe('SpGEMM workspace drain', () => {
  it.each(ENGINES)(
    '%s engine: stores exactly the touched coordinates, sorted, per row',
    (engine) => {
      const kernels = new Map<StorageWidth, () => unknown>();
      fc.assert(
        fc.property(problems, ({ rows, inner, cols, width, densityA, densityB, seed }) => {
          const kernel = sparsify('C(i,j) = A(i,k) * B(k,j)', CSR3, {
            valueType: 'f64',
            crdWidth: width,
          });
          const run = kernels.get(width) ?? compile(kernel.module, kernel.functionName, { engine });
          kernels.set(width, run);
          const make = (shape: [number, number], density: number, s: number) =>
            SparseTensor.fromDense(
              randomDense(shape, { density, profile: 'integers', seed: s }),
              shape,
              'CSR',
              { dtype: 'float64', crdWidth: width },
            );
          const A = make([rows, inner], densityA, seed);
          const B = make([inner, cols], densityB, seed + 1);
          const out = runKernel(kernel, run as never, { A, B }) as SparseTensor;
          const expected = referenceProduct(A, B);
          expect(numbers(out.positions[1])).toEqual(expected.positions);
          expect(numbers(out.coordinates[1])).toEqual(expected.coordinates);
          expect(numbers(out.values)).toEqual(expected.values);
        }),
        { seed: 20261126, numRuns: 150 },
      );
    },
  );
});
