/**
 * The plain way to build level storage from coordinate triples, written for tests only: a
 * comparison sort of the entries by level tuple (Array.prototype.sort is stable), duplicates
 * summed into one entry in the given order through a one-element array of the dtype (so each
 * addition rounds as the dtype's array does), then each level numbered on its own: a dense
 * level multiplies its parent's position out, a compressed level (with the singleton levels
 * sharing its positions) numbers the distinct `(parent, coordinates)` tuples in sorted order
 * and counts them per parent. Nothing here is shared with the library's builder.
 */
import {
  type IndexArray,
  isSingleton,
  isUnique,
  type SparseFormat,
  type StorageWidth,
  type ValueArray,
  type ValueDType,
} from '../../../src/index.js';

/** The storage a tensor of `shape` in `format` holds for the given triples. */
export interface ReferenceStorage {
  readonly positions: (IndexArray | undefined)[];
  readonly coordinates: (IndexArray | undefined)[];
  readonly values: ValueArray;
}

const VALUE_ARRAYS: Readonly<Record<ValueDType, new (n: number) => ValueArray>> = {
  float32: Float32Array,
  float64: Float64Array,
  int32: Int32Array,
  int64: BigInt64Array,
};

const valueArray = (dtype: ValueDType, n: number): ValueArray => new VALUE_ARRAYS[dtype](n);

const toBigInts = (entries: readonly number[]) => entries.map((x) => BigInt(x));

/** The index array of each storage width, from plain numbers. */
const INDEX_ARRAYS: Readonly<Record<StorageWidth, (entries: readonly number[]) => IndexArray>> = {
  8: (entries) => Uint8Array.from(entries),
  16: (entries) => Uint16Array.from(entries),
  32: (entries) => Uint32Array.from(entries),
  64: (entries) => BigUint64Array.from(toBigInts(entries)),
  index: (entries) => BigInt64Array.from(toBigInts(entries)),
};

const indexArray = (width: StorageWidth, entries: readonly number[]): IndexArray =>
  INDEX_ARRAYS[width](entries);

/**
 * `values[k]` (numbers, or bigints for int64) at `tuples[k]` (dimension order) stored in
 * `format` for a tensor of `shape`, values of `dtype`.
 */
export function referenceStorage(
  tuples: readonly (readonly number[])[],
  values: readonly (number | bigint)[],
  shape: readonly number[],
  format: SparseFormat,
  dtype: ValueDType,
): ReferenceStorage {
  const rank = shape.length;
  const levelTuple = (t: readonly number[]) => format.order.map((d) => t[d] as number);
  const compare = (a: readonly number[], b: readonly number[]): number => {
    for (let l = 0; l < rank; l++) {
      const d = (a[l] as number) - (b[l] as number);
      if (d !== 0) return d;
    }
    return 0;
  };
  const sorted = tuples
    .map((t, k) => ({ key: levelTuple(t), k }))
    .sort((a, b) => compare(a.key, b.key));
  // Duplicates summed, in the order given.
  const unique: { key: number[]; sum: ValueArray }[] = [];
  for (const { key, k } of sorted) {
    const last = unique[unique.length - 1];
    // The value as the dtype stores it (float32 rounds), then added.
    const stored = valueArray(dtype, 1);
    (stored as unknown as (number | bigint)[])[0] = values[k] as number | bigint;
    const v = stored[0] as number;
    if (last !== undefined && compare(last.key, key) === 0) {
      (last.sum as unknown as number[])[0] = ((last.sum[0] as number) + v) as number;
    } else {
      const sum = valueArray(dtype, 1);
      (sum as unknown as number[])[0] = v;
      unique.push({ key, sum });
    }
  }
  const positions: (IndexArray | undefined)[] = [];
  const coordinates: (IndexArray | undefined)[] = [];
  let parentOf = unique.map(() => 0);
  let parents = 1;
  for (let l = 0; l < rank; ) {
    const lt = format.levels[l] as SparseFormat['levels'][number];
    const size = shape[format.order[l] as number] as number;
    if (lt === 'dense') {
      parentOf = unique.map((u, e) => (parentOf[e] as number) * size + (u.key[l] as number));
      parents *= size;
      positions.push(undefined);
      coordinates.push(undefined);
      l++;
      continue;
    }
    let end = l + 1;
    if (!isUnique(lt)) {
      while (end < rank && isSingleton(format.levels[end] as SparseFormat['levels'][number])) end++;
    }
    const numbered = new Map<string, number>();
    const crds: number[][] = Array.from({ length: end - l }, () => []);
    const perParent = new Array<number>(parents).fill(0);
    const next = unique.map((u, e) => {
      const name = `${parentOf[e]}|${u.key.slice(l, end).join(',')}`;
      const known = numbered.get(name);
      if (known !== undefined) return known;
      const at = numbered.size;
      numbered.set(name, at);
      for (let g = l; g < end; g++) (crds[g - l] as number[]).push(u.key[g] as number);
      perParent[parentOf[e] as number] = (perParent[parentOf[e] as number] as number) + 1;
      return at;
    });
    const pos = [0];
    for (const c of perParent) pos.push((pos[pos.length - 1] as number) + c);
    positions.push(indexArray(format.posWidth, pos));
    for (let g = l; g < end; g++) {
      if (g > l) positions.push(undefined);
      coordinates.push(indexArray(format.crdWidth, crds[g - l] as number[]));
    }
    parentOf = next;
    parents = numbered.size;
    l = end;
  }
  const out = valueArray(dtype, parents);
  unique.forEach((u, e) => {
    (out as unknown as (number | bigint)[])[parentOf[e] as number] = u.sum[0] as number | bigint;
  });
  return { positions, coordinates, values: out };
}

/** The arrays a tensor stores, level by level, and its values. */
export interface StoredArrays {
  readonly positions: readonly (ArrayBufferView | undefined)[];
  readonly coordinates: readonly (ArrayBufferView | undefined)[];
  readonly values: ArrayBufferView;
}

/** Whether every array of `actual` equals the one of `expected` at its level, byte for byte. */
export function sameStorage(actual: StoredArrays, expected: StoredArrays): boolean {
  return (
    actual.positions.every((a, l) => sameArray(a, expected.positions[l])) &&
    actual.coordinates.every((a, l) => sameArray(a, expected.coordinates[l])) &&
    sameArray(actual.values, expected.values)
  );
}

/** Byte-for-byte equality of two typed arrays of the same kind (`undefined` only with itself). */
export function sameArray(a: ArrayBufferView | undefined, b: ArrayBufferView | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.constructor !== b.constructor || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return x.every((byte, i) => byte === y[i]);
}
