/**
 * A built tensor's storage held to the plain builder's, bit for bit (array kinds and bytes):
 * one tensor, one built from each coordinate form, and one converted into other formats.
 */
import { expect } from 'vitest';
import {
  type SparseFormat,
  SparseTensor,
  type StorageWidth,
  type ValueDType,
} from '../../../src/index.js';
import { type ReferenceStorage, referenceStorage, sameStorage } from './reference-build.js';

/** Fails, labelled `what`, unless `actual` stores exactly the arrays of `expected`. */
export function expectSameStorage(
  actual: SparseTensor,
  expected: ReferenceStorage,
  what: string,
): void {
  const ok = actual.positions.length === expected.positions.length && sameStorage(actual, expected);
  if (!ok) {
    // The arrays side by side in the failure, before the bit-level verdict.
    expect(
      { positions: actual.positions, coordinates: actual.coordinates, values: actual.values },
      what,
    ).toEqual(expected);
  }
  expect(ok, what).toBe(true);
}

/** `format`'s levels, mode order and widths, for a failure's label. */
export const describeFormat = (f: SparseFormat): string =>
  `${f.levels.join(',')} order ${f.order.join('')} pos ${f.posWidth} crd ${f.crdWidth}`;

/**
 * Builds `format` from each coordinate form of the same entries and holds every result to
 * `expected`, labelled `what` and the form; returns how many tensors were built.
 */
export function expectEachFormBuilds(
  forms: readonly (readonly [string, Parameters<typeof SparseTensor.fromCoordinates>[0]])[],
  values: Parameters<typeof SparseTensor.fromCoordinates>[1],
  shape: readonly number[],
  format: SparseFormat,
  dtype: ValueDType,
  expected: ReferenceStorage,
  what: string,
): number {
  for (const [form, coordinates] of forms) {
    const built = SparseTensor.fromCoordinates(coordinates, values, shape, format, { dtype });
    expectSameStorage(built, expected, `${describeFormat(format)} ${dtype} ${what} ${form}`);
  }
  return forms.length;
}

/**
 * Converts `source` into each of `targets` and holds each result to the plain builder fed the
 * source's stored entries (a dense level's zeros included: what a conversion keeps).
 */
export function expectConversionsMatch(
  source: SparseTensor,
  targets: readonly SparseFormat[],
  what: string,
): void {
  const listed = source.toCoordinates();
  const stored = Array.from(source.values as ArrayLike<number | bigint>);
  expect(listed.coordinates.length, what).toBe(stored.length);
  for (const format of targets) {
    expectSameStorage(
      source.convert(format),
      referenceStorage(listed.coordinates, stored, source.shape, format, source.dtype),
      `${describeFormat(source.format)} ${what} -> ${describeFormat(format)}`,
    );
  }
}

/** A matrix as coordinate pairs (distinct, in the order given) and their values. */
export interface MatrixCase {
  readonly shape: [number, number];
  readonly tuples: [number, number][];
  readonly values: (number | bigint)[];
}

/**
 * Builds `matrix` as CSR (`dtype`, `widths`) and holds its CSC conversion, that converted back
 * to CSR, and its transpose stored as CSR to the plain builder, labelled `what`; returns the CSR
 * tensor.
 */
export function expectTranspositionsAsBuilt(
  matrix: MatrixCase,
  dtype: ValueDType,
  widths: { posWidth?: StorageWidth; crdWidth?: StorageWidth },
  what: string,
): SparseTensor {
  const { shape, tuples, values } = matrix;
  const csr = SparseTensor.fromCoordinates(tuples, values, shape, 'CSR', { dtype, ...widths });
  const csc = csr.convert('CSC');
  expectSameStorage(
    csc,
    referenceStorage(tuples, values, shape, csc.format, dtype),
    `${what} CSR -> CSC`,
  );
  const back = csc.convert('CSR');
  expectSameStorage(
    back,
    referenceStorage(tuples, values, shape, back.format, dtype),
    `${what} CSC -> CSR`,
  );
  const swapped = tuples.map(([i, j]): [number, number] => [j, i]);
  const transposed = csr.transpose().convert('CSR');
  expectSameStorage(
    transposed,
    referenceStorage(swapped, values, [shape[1], shape[0]], transposed.format, dtype),
    `${what} transposed as CSR`,
  );
  return csr;
}

/** Every array of `t` as bytes, copied (to see afterwards that nothing was written into it). */
export function storedBytes(t: SparseTensor): Uint8Array[] {
  return [...t.positions, ...t.coordinates, t.values]
    .filter((a): a is NonNullable<typeof a> => a !== undefined)
    .map((a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength).slice());
}

/**
 * `drawn` coordinate tuples without repeats (the first of each kept, in the order drawn), and
 * a value of `dtype` for each: integers from -499 to 500, or floats in [-0.5, 0.5).
 */
export function distinctEntries<T extends readonly number[]>(
  drawn: readonly T[],
  dtype: ValueDType,
  random: () => number,
): { tuples: T[]; values: number[] } {
  const seen = new Set<string>();
  const tuples = drawn.filter((t) => {
    const key = t.join();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const integer = dtype === 'int32' || dtype === 'int64';
  const values = tuples.map(() =>
    integer ? 1 + Math.floor(random() * 1000) - 500 : random() - 0.5,
  );
  return { tuples, values };
}

/**
 * `source` converted into `to`: fails, labelled `what`, unless the result has exactly the
 * format asked for and stores exactly the arrays of `expected`. Returns the result.
 */
export function expectConverted(
  source: SparseTensor,
  to: SparseFormat,
  expected: ReferenceStorage,
  what: string,
): SparseTensor {
  const converted = source.convert(to);
  expect(converted.format, what).toEqual(to);
  expectSameStorage(converted, expected, what);
  return converted;
}
