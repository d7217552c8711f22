/**
 * Formats that keep one stored value per entry at ranks 2 to 4 (CSF, COO, a dense root,
 * non-unique levels with singletons below: entry-levels.ts), held bit for bit to the plain
 * builder of test/sparse-tensor/support/reference-build.ts over the same entries:
 * - conversions that keep the level order, which sort nothing: each position's parent comes
 *   from marks and a running sum, and a node starts where an entry's coordinates first change
 *   above a level group's end, so the tensors here put fibers of every length at every place
 *   (none at all, one entry, empty slices and fibers, everything in one fiber or one slice,
 *   entries spread thin and packed dense). The converted tensor holds the source's values
 *   array itself (no sort and no copy happened);
 * - conversions into another level order, which share no array with the source;
 * - builds from coordinates in random order with repeats, summed first to last.
 * Every width and value dtype; the source's arrays are never written.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  type LevelType,
  resolveFormat,
  type SparseFormat,
  SparseTensor,
  type StorageWidth,
  type ValueDType,
} from '../../src/index.js';
import { STORAGE_WIDTHS, VALUE_DTYPES, widthPairs } from '../support/storage-options.js';
import { permutations } from './support/formats-of-rank.js';
import { referenceStorage, sameArray } from './support/reference-build.js';
import {
  describeFormat,
  distinctEntries,
  expectConverted,
  expectSameStorage,
  storedBytes,
} from './support/same-storage.js';

/** The level lists of `rank` that keep one stored value per entry, sources and targets alike. */
function levelLists(rank: number): LevelType[][] {
  const below = (n: number, level: LevelType): LevelType[] =>
    Array.from({ length: n }, () => level);
  const lists: LevelType[][] = [
    below(rank, 'compressed'),
    ['dense', ...below(rank - 1, 'compressed')],
    ['compressed(nonunique)', ...below(rank - 2, 'singleton(nonunique)'), 'singleton'],
    ['dense', 'compressed(nonunique)', ...below(rank - 3, 'singleton(nonunique)'), 'singleton'],
  ];
  if (rank >= 3) {
    lists.push([
      'compressed',
      'compressed(nonunique)',
      ...below(rank - 3, 'singleton(nonunique)'),
      'singleton',
    ]);
    lists.push([...below(rank - 2, 'compressed'), 'compressed(nonunique)', 'singleton']);
  }
  // A dense root over a lone COO pair needs rank 3; at rank 2 that list is CSR's.
  return lists.filter((list) => list.length === rank);
}

/** Distinct coordinate tuples of a tensor, laid out as `name` says. */
interface Layout {
  readonly name: string;
  readonly shape: readonly number[];
  draw(random: () => number): number[][];
}

const spread =
  (shape: readonly number[], count: number) =>
  (random: () => number): number[][] =>
    Array.from({ length: count }, () => shape.map((n) => Math.floor(random() * n)));

/** Entries whose leading coordinates are `fixed` (one fiber or one slice), the rest spread. */
const within =
  (shape: readonly number[], fixed: readonly number[], count: number) =>
  (random: () => number): number[][] =>
    Array.from({ length: count }, () =>
      shape.map((n, d) => (d < fixed.length ? (fixed[d] as number) : Math.floor(random() * n))),
    );

function layouts(rank: number): Layout[] {
  const small = Array.from({ length: rank }, (_, d) => 3 + d);
  const wide = Array.from({ length: rank }, (_, d) => (d === rank - 1 ? 60 : 7));
  const last = wide.map((n) => n - 1);
  return [
    { name: 'empty', shape: small, draw: () => [] },
    { name: 'one entry', shape: wide, draw: spread(wide, 1) },
    { name: 'spread thin (empty slices and fibers)', shape: wide, draw: spread(wide, 25) },
    { name: 'packed dense', shape: small, draw: spread(small, 200) },
    {
      name: 'one fiber, first',
      shape: wide,
      draw: within(
        wide,
        wide.slice(0, -1).map(() => 0),
        40,
      ),
    },
    { name: 'one fiber, last', shape: wide, draw: within(wide, last.slice(0, -1), 40) },
    { name: 'one slice, middle', shape: wide, draw: within(wide, [3], 90) },
    {
      name: 'one long fiber among short ones',
      shape: wide,
      draw: (random) => [
        ...within(wide, [2, ...last.slice(1, -1)], 50)(random),
        ...spread(wide, 12)(random),
      ],
    },
  ];
}

describe.each([2, 3, 4])('rank %i: formats of one stored value per entry', (rank) => {
  it('in the same level order equal the plain builder bit for bit for every pair, width and dtype; nothing sorted or copied (seeded)', () => {
    const random = seededRandom(3600 + rank);
    const lists = levelLists(rank);
    const orders = permutations(rank);
    const nextWidths = widthPairs();
    let checked = 0;
    for (const layout of layouts(rank)) {
      for (const dtype of VALUE_DTYPES) {
        const { tuples, values } = distinctEntries(layout.draw(random), dtype, random);
        const stored = dtype === 'int64' ? values.map((v) => BigInt(v)) : values;
        // One mode order per layout and dtype, drawn: every order turns up across them.
        const order = orders[Math.floor(random() * orders.length)] as number[];
        for (const fromLevels of lists) {
          const from = resolveFormat({ levels: fromLevels, order }, rank, nextWidths());
          const source = SparseTensor.fromCoordinates(tuples, values, layout.shape, from, {
            dtype,
          });
          const before = storedBytes(source);
          for (const toLevels of lists) {
            const to: SparseFormat = resolveFormat({ levels: toLevels, order }, rank, nextWidths());
            const what = `${layout.name}, ${dtype}: ${describeFormat(from)} -> ${describeFormat(to)}`;
            const expected = referenceStorage(tuples, stored, layout.shape, to, dtype);
            const converted = expectConverted(source, to, expected, what);
            expect(converted.values, `${what}: the source's values array`).toBe(source.values);
            checked++;
          }
          expect(
            storedBytes(source).every((bytes, k) => sameArray(bytes, before[k])),
            `${layout.name}, ${dtype}, ${describeFormat(from)}: converting wrote nothing into the source`,
          ).toBe(true);
        }
      }
    }
    expect(checked).toBe(layouts(rank).length * VALUE_DTYPES.length * lists.length ** 2);
  });

  it('into another level order equal the plain builder bit for bit, sharing no array (seeded)', () => {
    const random = seededRandom(3800 + rank);
    const lists = levelLists(rank);
    const orders = permutations(rank);
    let checked = 0;
    for (const layout of layouts(rank)) {
      const dtype = VALUE_DTYPES[checked % VALUE_DTYPES.length] as ValueDType;
      const { tuples, values } = distinctEntries(layout.draw(random), dtype, random);
      const stored = dtype === 'int64' ? values.map((v) => BigInt(v)) : values;
      for (const fromLevels of lists) {
        const fromOrder = orders[Math.floor(random() * orders.length)] as number[];
        const widths = STORAGE_WIDTHS[checked % STORAGE_WIDTHS.length] as StorageWidth;
        const from = resolveFormat({ levels: fromLevels, order: fromOrder }, rank, {
          posWidth: widths,
          crdWidth: widths,
        });
        const source = SparseTensor.fromCoordinates(tuples, values, layout.shape, from, { dtype });
        const before = storedBytes(source);
        const sourceArrays = new Set<unknown>([
          ...source.positions,
          ...source.coordinates,
          source.values,
        ]);
        for (const toLevels of lists) {
          const order = orders[Math.floor(random() * orders.length)] as number[];
          const to = resolveFormat({ levels: toLevels, order }, rank, {
            posWidth: widths,
            crdWidth: widths,
          });
          const what = `${layout.name}, ${dtype}: ${describeFormat(from)} -> ${describeFormat(to)}`;
          const converted = source.convert(to);
          expectSameStorage(
            converted,
            referenceStorage(tuples, stored, layout.shape, to, dtype),
            what,
          );
          if (order.join() !== fromOrder.join()) {
            const arrays = [...converted.positions, ...converted.coordinates, converted.values];
            expect(
              arrays.filter((a) => a !== undefined && sourceArrays.has(a)),
              `${what}: arrays shared with the source`,
            ).toEqual([]);
          }
          checked++;
        }
        expect(
          storedBytes(source).every((bytes, k) => sameArray(bytes, before[k])),
          `${layout.name}, ${describeFormat(from)}: converting wrote nothing into the source`,
        ).toBe(true);
      }
    }
    expect(checked).toBe(layouts(rank).length * lists.length ** 2);
  });

  it('built from coordinates in random order with repeats equal the plain builder, sums first to last (seeded)', () => {
    const random = seededRandom(3900 + rank);
    const orders = permutations(rank);
    let checked = 0;
    for (const layout of layouts(rank)) {
      for (const dtype of VALUE_DTYPES) {
        const { tuples: distinct } = distinctEntries(layout.draw(random), dtype, random);
        // Every tuple once or more, shuffled: repeats land apart and next to each other.
        const tuples = distinct.flatMap((t) =>
          Array.from({ length: 1 + Math.floor(random() * 3) }, () => t),
        );
        for (let k = tuples.length - 1; k > 0; k--) {
          const j = Math.floor(random() * (k + 1));
          [tuples[k], tuples[j]] = [tuples[j] as number[], tuples[k] as number[]];
        }
        const integer = dtype === 'int32' || dtype === 'int64';
        // Float values of very different sizes: the sum depends on its order.
        const values = tuples.map(() =>
          integer
            ? Math.floor(random() * 1000) - 500
            : (random() - 0.5) * 10 ** Math.floor(random() * 9),
        );
        const stored = dtype === 'int64' ? values.map((v) => BigInt(v)) : values;
        for (const levels of levelLists(rank)) {
          const order = orders[Math.floor(random() * orders.length)] as number[];
          const widths = STORAGE_WIDTHS[checked % STORAGE_WIDTHS.length] as StorageWidth;
          const to = resolveFormat({ levels, order }, rank, { posWidth: widths, crdWidth: widths });
          const what = `${layout.name}, ${dtype}: ${tuples.length} entries -> ${describeFormat(to)}`;
          const built = SparseTensor.fromCoordinates(tuples, values, layout.shape, to, { dtype });
          expectSameStorage(built, referenceStorage(tuples, stored, layout.shape, to, dtype), what);
          checked++;
        }
      }
    }
    expect(checked).toBe(layouts(rank).length * VALUE_DTYPES.length * levelLists(rank).length);
  });

  it('into loose compressed levels hold the plain builder segments as pairs; a loose source converts back (seeded)', () => {
    const random = seededRandom(3700 + rank);
    const compressed = Array.from({ length: rank }, (): LevelType => 'compressed');
    // Loose at the root and innermost: each parent keeps its own [start, end) pair.
    const loose: LevelType[] = compressed.map((level, l) =>
      l === 0 || l === rank - 1 ? 'loose_compressed' : level,
    );
    for (const layout of layouts(rank)) {
      const { tuples, values } = distinctEntries(layout.draw(random), 'float64', random);
      const order = permutations(rank)[Math.floor(random() * rank)] as number[];
      const looseFormat = resolveFormat({ levels: loose, order }, rank, {});
      // The plain builder's CSF, each loose level's positions turned into per-parent pairs.
      const csf = referenceStorage(
        tuples,
        values,
        layout.shape,
        resolveFormat({ levels: compressed, order }, rank, {}),
        'float64',
      );
      const expectedPositions = csf.positions.map((positions, l) => {
        if (loose[l] !== 'loose_compressed') return positions;
        const ends = Array.from(positions as Uint32Array);
        return Uint32Array.from(
          ends.slice(0, -1).flatMap((start, p) => [start, ends[p + 1] as number]),
        );
      });
      const expected = { ...csf, positions: expectedPositions };
      const built = SparseTensor.fromCoordinates(tuples, values, layout.shape, looseFormat, {
        dtype: 'float64',
      });
      expectSameStorage(built, expected, `${layout.name}: built loose`);
      for (const fromLevels of levelLists(rank)) {
        const from = resolveFormat({ levels: fromLevels, order }, rank, {});
        const source = SparseTensor.fromCoordinates(tuples, values, layout.shape, from, {
          dtype: 'float64',
        });
        const what = `${layout.name}: ${describeFormat(from)} -> loose`;
        expectSameStorage(source.convert(looseFormat), expected, what);
        expectSameStorage(
          built.convert(from),
          referenceStorage(tuples, values, layout.shape, from, 'float64'),
          `${what} -> back`,
        );
      }
    }
  });
});
