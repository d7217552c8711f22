/**
 * Conversions between CSR, DCSR and COO of one level order share the inner coordinates and
 * the values with the source instead of copying them (scipy's `tocoo` does the same). Held
 * here: an array is shared only where the target's array is the source's array exactly (same
 * level, same width), never anywhere else; converting writes nothing into the source; and
 * converting there and back gives the tensor converted from, bit for bit.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  resolveFormat,
  type SparseFormat,
  SparseStorageError,
  SparseTensor,
  type StorageWidth,
} from '../../src/index.js';
import { STORAGE_WIDTHS } from '../support/storage-options.js';
import { sameArray } from './support/reference-build.js';

const NAMES = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO'] as const;

/** Every array of a tensor, named by where it sits. */
function arraysOf(t: SparseTensor): [string, ArrayBufferView][] {
  const named: [string, ArrayBufferView | undefined][] = [
    ...t.positions.map((a, l): [string, ArrayBufferView | undefined] => [`positions[${l}]`, a]),
    ...t.coordinates.map((a, l): [string, ArrayBufferView | undefined] => [`coordinates[${l}]`, a]),
    ['values', t.values],
  ];
  return named.filter((e): e is [string, ArrayBufferView] => e[1] !== undefined);
}

/** How `f` stores a matrix's outer level when it is CSR-, DCSR- or COO-like, else undefined. */
function rowForm(f: SparseFormat): string | undefined {
  const levels = f.levels.join(',');
  if (levels === 'dense,compressed') return 'pointers';
  if (levels === 'compressed,compressed') return 'segments';
  if (levels === 'compressed(nonunique),singleton') return 'per-entry';
  return undefined;
}

/**
 * The arrays of `to` that may be `from`'s own: between row forms of one level order, the
 * values, the inner coordinates when the widths agree, and every array of the same format
 * at the same widths; nothing otherwise.
 */
function allowedShared(from: SparseTensor, to: SparseTensor): Set<string> {
  const a = rowForm(from.format);
  const b = rowForm(to.format);
  if (a === undefined || b === undefined || from.format.order[0] !== to.format.order[0]) {
    return new Set();
  }
  const allowed = new Set(['values']);
  if (from.format.crdWidth === to.format.crdWidth) allowed.add('coordinates[1]');
  if (a === b) {
    if (from.format.crdWidth === to.format.crdWidth) allowed.add('coordinates[0]');
    if (from.format.posWidth === to.format.posWidth) {
      allowed.add('positions[0]');
      allowed.add('positions[1]');
    }
  }
  return allowed;
}

function snapshot(t: SparseTensor): Uint8Array[] {
  return arraysOf(t).map(([, a]) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength).slice());
}

function expectSameTensor(a: SparseTensor, b: SparseTensor, what: string): void {
  const x = arraysOf(a);
  const y = arraysOf(b);
  expect(
    x.map(([name]) => name),
    what,
  ).toEqual(y.map(([name]) => name));
  expect(
    x.every(([, arr], k) => sameArray(arr, (y[k] as [string, ArrayBufferView])[1])),
    what,
  ).toBe(true);
}

/** A seeded matrix: empty, skewed into one row, or spread out, in `format`. */
function matrix(random: () => number, format: FormatSpec, layout: string): SparseTensor {
  const shape = [9, 7];
  const count = layout === 'empty' ? 0 : 1 + Math.floor(random() * 40);
  const tuples = Array.from({ length: count }, () => [
    layout === 'skewed' && random() < 0.9 ? 4 : Math.floor(random() * 9),
    Math.floor(random() * 7),
  ]);
  const values = tuples.map(() => random() - 0.5);
  return SparseTensor.fromCoordinates(tuples, values, shape, format, { dtype: 'float64' });
}

describe('conversions share arrays only where the target holds the very same array', () => {
  it('every pair of formats and widths: only allowed arrays shared, source unchanged, there and back equal (seeded)', () => {
    const random = seededRandom(35);
    const pick = () => STORAGE_WIDTHS[Math.floor(random() * STORAGE_WIDTHS.length)] as StorageWidth;
    let shared = 0;
    for (const fromName of NAMES) {
      for (const layout of ['empty', 'skewed', 'random']) {
        const from = resolveFormat(fromName, 2, { posWidth: pick(), crdWidth: pick() });
        const source = matrix(random, from, layout);
        const before = snapshot(source);
        for (const toName of NAMES) {
          const to = resolveFormat(toName, 2, { posWidth: pick(), crdWidth: pick() });
          const widths = (f: SparseFormat) => `${f.posWidth}/${f.crdWidth}`;
          const what = `${fromName} ${widths(from)} ${layout} -> ${toName} ${widths(to)}`;
          const converted = source.convert(to);
          const allowed = allowedShared(source, converted);
          const sourceArrays = new Map(arraysOf(source).map(([name, a]) => [a, name]));
          for (const [name, array] of arraysOf(converted)) {
            const owner = sourceArrays.get(array);
            if (owner === undefined) continue;
            shared++;
            expect(owner, `${what}: ${name} is the source's ${owner}`).toBe(name);
            expect(allowed.has(name), `${what}: ${name} may not be shared`).toBe(true);
          }
          // Back to the source's format and widths: the tensor converted from, bit for bit.
          expectSameTensor(converted.convert(source.format), source, `${what} and back`);
        }
        const after = snapshot(source);
        expect(
          after.every((bytes, k) => sameArray(bytes, before[k])),
          `${fromName} ${layout}: converting wrote nothing into the source`,
        ).toBe(true);
      }
    }
    expect(shared).toBeGreaterThan(0);
  });

  it('CSR -> COO keeps the column coordinates and values, only the row coordinates are new', () => {
    const csr = SparseTensor.fromCoordinates(
      [
        [0, 1],
        [2, 0],
        [2, 3],
      ],
      [1, 2, 3],
      [3, 4],
      'CSR',
      { dtype: 'float64' },
    );
    const coo = csr.convert('COO');
    expect(coo.values).toBe(csr.values);
    expect(coo.coordinates[1]).toBe(csr.coordinates[1]);
    expect(Array.from(coo.coordinates[0] as Uint32Array)).toEqual([0, 2, 2]);
    expect(Array.from(coo.positions[0] as Uint32Array)).toEqual([0, 3]);
    // At another coordinate width nothing of the coordinates can be shared.
    const narrow = csr.convert('COO', { crdWidth: 8 });
    expect(narrow.coordinates[1]).not.toBe(csr.coordinates[1]);
    expect(Array.from(narrow.coordinates[1] as Uint8Array)).toEqual([1, 0, 3]);
    expect(narrow.values).toBe(csr.values);
  });

  it('a conversion to widths too small fails as building that format does (seeded)', () => {
    const random = seededRandom(36);
    for (const fromName of ['CSR', 'DCSR', 'COO'] as const) {
      for (const toName of ['CSR', 'DCSR', 'COO'] as const) {
        for (const [posWidth, crdWidth] of [
          [8, 32],
          [32, 8],
          [8, 8],
        ] as const) {
          const shape = [600, 300];
          const tuples = Array.from({ length: 400 }, () => [
            Math.floor(random() * 600),
            Math.floor(random() * 300),
          ]);
          const values = tuples.map(() => 1);
          const source = SparseTensor.fromCoordinates(tuples, values, shape, fromName);
          const expected = thrownBy(() =>
            SparseTensor.fromCoordinates(tuples, values, shape, toName, { posWidth, crdWidth }),
          );
          const actual = thrownBy(() => source.convert(toName, { posWidth, crdWidth }));
          const what = `${fromName} -> ${toName} at ${posWidth}/${crdWidth}`;
          expect(expected, what).toBeInstanceOf(SparseStorageError);
          expect(actual, what).toBeInstanceOf(SparseStorageError);
          const { argument, at } = expected as SparseStorageError;
          expect(actual, what).toMatchObject({ argument, at });
        }
      }
    }
  });
});
