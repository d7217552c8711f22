/**
 * `SparseTensor.fromStorage` is the gate kernels trust: arrays of the wrong kind (signed or
 * float coordinates, `Uint8Array` values, a plain list), a negative `index` coordinate,
 * coordinates out of range, bad positions and wrong lengths are each a `SparseStorageError`
 * naming the array, and the caller's arrays are never changed. Seeded: every corruption of
 * random valid storage of every format is rejected, typed, naming the corrupted array.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type IndexArray,
  type NamedFormat,
  SparseStorageError,
  SparseTensor,
} from '../../src/index.js';
import { STORAGE_WIDTHS } from '../support/storage-options.js';

const FORMATS: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO'];

/** Mutable copies of a tensor's arrays, to corrupt. */
function arraysOf(t: SparseTensor) {
  return {
    positions: t.positions.map((a) => a?.slice()) as (IndexArray | undefined)[],
    coordinates: t.coordinates.map((a) => a?.slice()) as (IndexArray | undefined)[],
    values: t.values.slice() as unknown,
  };
}

describe('fromStorage validates what kernels would read', () => {
  const A = SparseTensor.fromCoordinates(
    [
      [0, 1],
      [1, 0],
    ],
    [5, 7],
    [2, 2],
    'CSR',
    { dtype: 'float32', crdWidth: 'index', posWidth: 'index' },
  );

  it('rejects signed -1 coordinates, float or signed coordinate arrays and Uint8Array values', () => {
    const negative = arraysOf(A);
    (negative.coordinates[1] as BigInt64Array)[0] = -1n;
    expect(() => SparseTensor.fromStorage([2, 2], A.format, negative as never)).toThrow(
      /coordinates\[1\] at 0: coordinate -1 is negative/,
    );
    const float = {
      positions: [undefined, Uint32Array.from([0, 1, 2])],
      coordinates: [undefined, Float64Array.from([1.5, 0])],
      values: Float32Array.from([5, 7]),
    };
    expect(() => SparseTensor.fromStorage([2, 2], 'CSR', float as never)).toThrow(
      /coordinates\[1\]: expected a Uint8Array, .* got Float64Array/,
    );
    const signed = { ...float, coordinates: [undefined, Int32Array.from([1, 0])] };
    expect(() => SparseTensor.fromStorage([2, 2], 'CSR', signed as never)).toThrow(
      /got Int32Array/,
    );
    const bytes = { ...float, coordinates: [undefined, Uint32Array.from([1, 0])] };
    expect(() =>
      SparseTensor.fromStorage([2, 2], 'CSR', {
        ...bytes,
        values: Uint8Array.from([5, 7]),
      } as never),
    ).toThrow(/values: expected a Float32Array, .* got Uint8Array/);
    for (const junk of [null, undefined, 42, 'CSR', {}, { positions: null }]) {
      expect(() => SparseTensor.fromStorage([2, 2], 'CSR', junk as never)).toThrow(
        SparseStorageError,
      );
    }
  });

  it('every corruption of random valid storage is a typed error naming the array (seeded)', () => {
    const corruptions: readonly {
      name: string;
      apply: (s: ReturnType<typeof arraysOf>, t: SparseTensor) => string | undefined;
    }[] = [
      {
        name: 'signed coordinates',
        apply: (s) => {
          const l = s.coordinates.findIndex((a) => a !== undefined);
          s.coordinates[l] = Int32Array.from(s.coordinates[l] as Uint32Array) as never;
          return `coordinates[${l}]`;
        },
      },
      {
        name: 'float coordinates',
        apply: (s) => {
          const l = s.coordinates.findIndex((a) => a !== undefined);
          s.coordinates[l] = Float64Array.from(
            s.coordinates[l] as Uint32Array,
            (c) => c + 0.5,
          ) as never;
          return `coordinates[${l}]`;
        },
      },
      {
        name: 'Uint8Array values',
        apply: (s) => {
          s.values = Uint8Array.from(s.values as Float32Array);
          return 'values';
        },
      },
      {
        name: 'a plain list of values',
        apply: (s) => {
          s.values = Array.from(s.values as Float32Array);
          return 'values';
        },
      },
      {
        name: 'a coordinate out of range',
        apply: (s, t) => {
          const l = s.coordinates.findIndex((a) => a !== undefined && a.length > 0);
          if (l < 0) return undefined;
          (s.coordinates[l] as Uint32Array)[0] = t.levelSizes[l] as number;
          return `coordinates[${l}]`;
        },
      },
      {
        name: 'a position past the end',
        apply: (s) => {
          const l = s.positions.findIndex((a) => a !== undefined);
          const pos = s.positions[l] as Uint32Array;
          pos[pos.length - 1] = (pos[pos.length - 1] as number) + 3;
          return `positions[${l}]`;
        },
      },
      {
        name: 'decreasing positions',
        apply: (s) => {
          const l = s.positions.findIndex((a) => a !== undefined && a.length > 2);
          if (l < 0) return undefined;
          const pos = s.positions[l] as Uint32Array;
          const last = pos[pos.length - 1] as number;
          if (last === 0) return undefined;
          pos[1] = last + 1;
          return `positions[${l}]`;
        },
      },
      {
        name: 'values of the wrong length',
        apply: (s) => {
          s.values = Float32Array.from([...(s.values as Float32Array), 1]);
          return 'values';
        },
      },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...FORMATS),
        fc.constantFrom(...corruptions),
        fc.integer({ min: 0, max: 2 ** 30 }),
        (rows, cols, format, corruption, seed) => {
          const coordinates: number[][] = [];
          for (let i = 0; i < rows; i++)
            for (let j = 0; j < cols; j++)
              if ((i * 7 + j * 3 + seed) % 3 === 0) coordinates.push([i, j]);
          const t = SparseTensor.fromCoordinates(
            coordinates,
            coordinates.map((_, k) => k + 1),
            [rows, cols],
            format,
          );
          const storage = arraysOf(t);
          const argument = corruption.apply(storage, t);
          if (argument === undefined) return;
          const before = JSON.stringify(storage, (_, v) =>
            ArrayBuffer.isView(v) ? Array.from(v as Uint8Array, String) : v,
          );
          let error: unknown;
          try {
            SparseTensor.fromStorage([rows, cols], format, storage as never);
          } catch (e) {
            error = e;
          }
          expect(error, `${corruption.name} in ${format}`).toBeInstanceOf(SparseStorageError);
          expect((error as SparseStorageError).argument).toBe(argument);
          expect((error as SparseStorageError).code).toBe('sparse-storage');
          const after = JSON.stringify(storage, (_, v) =>
            ArrayBuffer.isView(v) ? Array.from(v as Uint8Array, String) : v,
          );
          expect(after).toBe(before);
        },
      ),
      { seed: 3406, numRuns: 300 },
    );
  });

  it('valid storage of every width with segments shuffled is accepted and canonicalized', () => {
    for (const width of STORAGE_WIDTHS) {
      const t = SparseTensor.fromCoordinates(
        [
          [0, 2],
          [0, 0],
          [1, 1],
        ],
        [1, 2, 3],
        [2, 3],
        'CSR',
        { posWidth: width, crdWidth: width },
      );
      const storage = arraysOf(t);
      const crd = storage.coordinates[1] as IndexArray;
      // Row 0 holds (0, 0), (0, 2): swap them, and their values.
      const [c0, c1] = [crd[0], crd[1]];
      (crd as unknown as (number | bigint)[])[0] = c1 as number;
      (crd as unknown as (number | bigint)[])[1] = c0 as number;
      const values = storage.values as Float32Array;
      [values[0], values[1]] = [values[1] as number, values[0] as number];
      const again = SparseTensor.fromStorage([2, 3], t.format, storage as never);
      expect(again.coordinates).toEqual(t.coordinates);
      expect(again.values).toEqual(t.values);
    }
  });
});
