/**
 * The scipy suites' equality check (bench/scipy-agreement.ts) reads every format's stored
 * entries in storage order, passes equal results and throws on every kind of difference, so a
 * bench case whose result drifted from scipy's fails instead of timing a wrong answer.
 * scipy's side is written out here as the arrays the worker returns (no Python needed).
 */
import type { ScipyResult } from '@tilekit/bench/scipy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectSameAsScipy, storedEntries } from '../../bench/scipy-agreement.js';
import { type NamedFormat, SparseTensor } from '../../src/index.js';

const entries = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    cells: fc.uniqueArray(
      fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })),
      { selector: ([i, j]) => i * n + j, maxLength: n * n },
    ),
  }),
);

/** scipy's CSR (or CSC) arrays of a matrix given as row-major (row, col, value) entries. */
function compressed(kind: 'csr' | 'csc', n: number, list: [number, number, number][]) {
  const outer = (e: [number, number, number]) => (kind === 'csr' ? e[0] : e[1]);
  const inner = (e: [number, number, number]) => (kind === 'csr' ? e[1] : e[0]);
  const sorted = [...list].sort((a, b) => outer(a) - outer(b) || inner(a) - inner(b));
  const indptr = new Int32Array(n + 1);
  for (const e of sorted) indptr[outer(e) + 1]!++;
  for (let i = 0; i < n; i++) indptr[i + 1]! += indptr[i]!;
  return {
    kind,
    shape: [n, n],
    indptr,
    indices: Int32Array.from(sorted, inner),
    data: Float64Array.from(sorted, (e) => e[2]),
  } satisfies ScipyResult;
}

describe('scipy agreement check', () => {
  it('reads each format in storage order: rows first for CSR, COO, DCSR; columns for CSC, DCSC', () => {
    fc.assert(
      fc.property(entries, ({ n, cells }) => {
        const values = cells.map((_, k) => k + 1);
        const rowMajor = cells
          .map(([i, j], k) => [i, j, values[k]!] as const)
          .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        const columnMajor = [...rowMajor].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
        const formats: [NamedFormat, typeof rowMajor][] = [
          ['CSR', rowMajor],
          ['COO', rowMajor],
          ['DCSR', rowMajor],
          ['CSC', columnMajor],
          ['DCSC', columnMajor],
        ];
        for (const [format, expected] of formats) {
          const t = SparseTensor.fromCoordinates(cells, values, [n, n], format, {
            dtype: 'float64',
          });
          expect(storedEntries(t), format).toEqual(expected);
        }
      }),
      { seed: 35, numRuns: 60 },
    );
  });

  it('reads rank-3 formats of every level order and level kind in storage order', () => {
    const tensors = fc.record({
      shape: fc.tuple(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
      ),
      cells: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 30 }),
      order: fc.constantFrom([0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]),
    });
    const LEVEL_LISTS = [
      ['compressed', 'compressed', 'compressed'],
      ['dense', 'compressed', 'compressed'],
      ['dense', 'dense', 'compressed'],
      ['compressed(nonunique)', 'singleton(nonunique)', 'singleton'],
      ['dense', 'compressed(nonunique)', 'singleton'],
      ['loose_compressed', 'compressed', 'loose_compressed'],
    ] as const;
    fc.assert(
      fc.property(tensors, ({ shape, cells, order }) => {
        const unique = new Map<string, number[]>();
        for (const [i, j, k] of cells) {
          const c = [i % shape[0], j % shape[1], k % shape[2]];
          unique.set(c.join(), c);
        }
        const coordinates = [...unique.values()];
        const values = coordinates.map((_, k) => k + 1);
        // By level coordinates: dimension order[0], then order[1], then order[2].
        const expected = coordinates
          .map((c, k) => [...c, values[k]!])
          .sort(
            (a, b) =>
              a[order[0]!]! - b[order[0]!]! ||
              a[order[1]!]! - b[order[1]!]! ||
              a[order[2]!]! - b[order[2]!]!,
          );
        for (const levels of LEVEL_LISTS) {
          const t = SparseTensor.fromCoordinates(
            coordinates,
            values,
            shape,
            { levels, order },
            {
              dtype: 'float64',
            },
          );
          const stored = storedEntries(t).filter((e) => e[3] !== 0);
          expect(stored, levels.join()).toEqual(expected);
        }
      }),
      { seed: 37, numRuns: 80 },
    );
  });

  it('compares against a rank-3 COO array coordinate by coordinate', () => {
    const coordinates = [
      [0, 1, 2],
      [1, 0, 0],
      [1, 2, 1],
    ];
    const t = SparseTensor.fromCoordinates(coordinates, [1.5, 2, -3], [2, 3, 3], 'CSF', {
      dtype: 'float64',
    });
    const theirs = {
      kind: 'coo',
      shape: [2, 3, 3],
      coords: [Int32Array.from([0, 1, 1]), Int32Array.from([1, 0, 2]), Int32Array.from([2, 0, 1])],
      data: Float64Array.from([1.5, 2, -3]),
    } satisfies ScipyResult;
    expect(() => expectSameAsScipy('csf', t, theirs)).not.toThrow();
    const moved = {
      ...theirs,
      coords: [theirs.coords[0]!, theirs.coords[1]!, Int32Array.from([2, 0, 2])],
    };
    expect(() => expectSameAsScipy('csf', t, moved)).toThrow(
      "csf: tilekit and scipy disagree: entry 2: (1, 2, 1) = -3 against scipy's (1, 2, 2) = -3",
    );
    const changed = { ...theirs, data: Float64Array.from([1.5, 2, -3.25]) };
    expect(() => expectSameAsScipy('csf', t, changed)).toThrow(
      "csf: tilekit and scipy disagree: entry 2: (1, 2, 1) = -3 against scipy's (1, 2, 1) = -3.25",
    );
  });

  it('passes equal results and names the first difference otherwise', () => {
    fc.assert(
      fc.property(entries, fc.nat(), ({ n, cells }, pick) => {
        fc.pre(cells.length > 0);
        const list = cells.map(([i, j], k) => [i, j, (k % 7) - 3.5] as [number, number, number]);
        const t = SparseTensor.fromCoordinates(
          cells,
          list.map((e) => e[2]),
          [n, n],
          'CSR',
          {
            dtype: 'float64',
          },
        );
        for (const kind of ['csr', 'csc'] as const) {
          const theirs = compressed(kind, n, list);
          const asStored = kind === 'csr' ? t : t.convert('CSC');
          expect(() => expectSameAsScipy('case', asStored, theirs)).not.toThrow();
          const k = pick % theirs.data.length;
          const changed = { ...theirs, data: Float64Array.from(theirs.data) };
          changed.data[k] = changed.data[k]! + 2 ** -40;
          expect(() => expectSameAsScipy('case', asStored, changed)).toThrow(
            new RegExp(`^case: tilekit and scipy disagree: entry ${k}: `),
          );
          // Within a relative tolerance the same change passes.
          expect(() => expectSameAsScipy('case', asStored, changed, 1e-10)).not.toThrow();
          // One entry fewer on scipy's side (a dropped cancellation that was not zero here).
          const fewer = compressed(
            kind,
            n,
            list.filter((_, index) => index !== pick % list.length),
          );
          expect(() => expectSameAsScipy('case', asStored, fewer)).toThrow(
            `case: tilekit and scipy disagree: ${list.length} non-zero entries against scipy's ${list.length - 1}`,
          );
        }
      }),
      { seed: 36, numRuns: 60 },
    );
  });

  it('moves an entry: a different coordinate is a difference', () => {
    const t = SparseTensor.fromCoordinates([[0, 1]], [2], [2, 2], 'CSR', { dtype: 'float64' });
    expect(() => expectSameAsScipy('moved', t, compressed('csr', 2, [[1, 1, 2]]))).toThrow(
      "moved: tilekit and scipy disagree: entry 0: (0, 1) = 2 against scipy's (1, 1) = 2",
    );
  });

  it('skips stored zeros on either side, and checks shapes', () => {
    const t = SparseTensor.fromCoordinates(
      [
        [0, 0],
        [1, 1],
      ],
      [0, 5],
      [2, 2],
      'CSR',
      {
        dtype: 'float64',
      },
    );
    expect(() => expectSameAsScipy('zeros', t, compressed('csr', 2, [[1, 1, 5]]))).not.toThrow();
    expect(() =>
      expectSameAsScipy(
        'zeros',
        t.withoutZeros(),
        compressed('csr', 2, [
          [0, 1, 0],
          [1, 1, 5],
        ]),
      ),
    ).not.toThrow();
    const wide = { ...compressed('csr', 2, [[1, 1, 5]]), shape: [2, 3] };
    expect(() => expectSameAsScipy('shape', t, wide)).toThrow(
      "shape: tilekit and scipy disagree: shape [2,2] against scipy's [2,3]",
    );
  });

  it('compares dense results element by element', () => {
    const theirs: ScipyResult = { kind: 'dense', shape: [3], data: Float64Array.from([1, 2, 3]) };
    expect(() => expectSameAsScipy('y', Float64Array.from([1, 2, 3]), theirs)).not.toThrow();
    expect(() => expectSameAsScipy('y', Float64Array.from([1, 2, 3.5]), theirs)).toThrow(
      "y: tilekit and scipy disagree: element 2: 3.5 against scipy's 3",
    );
    expect(() => expectSameAsScipy('y', Float64Array.from([1, 2]), theirs)).toThrow(
      "y: tilekit and scipy disagree: 2 elements against scipy's 3",
    );
  });
});
