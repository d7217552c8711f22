/**
 * Checks storage arrays against a format's invariants before a kernel trusts them: a bad
 * position could otherwise make a compiled loop read out of bounds.
 */
import { SparseFormatError, SparseStorageError } from './errors.js';
import { isCompressed, isSingleton, isUnique, type SparseFormat } from './format.js';
import {
  describeValue,
  type IndexArray,
  isIndexArray,
  isValueArray,
  numbersOf,
  type ValueArray,
  widthOf,
} from './storage-arrays.js';

/** The arrays of a sparse tensor, indexed by level (`undefined` where a level has none). */
export interface SparseStorage {
  readonly positions: readonly (IndexArray | undefined)[];
  readonly coordinates: readonly (IndexArray | undefined)[];
  readonly values: ValueArray;
}

/**
 * Validates `storage` for `format` with the given level sizes; returns the number of stored
 * positions at each level. Throws {@link SparseStorageError} naming the first bad array,
 * including coordinates out of order or repeated within a segment (the canonical storage a
 * kernel reads).
 */
export function validateStorage(
  storage: SparseStorage,
  format: SparseFormat,
  levelSizes: readonly number[],
): number[] {
  checkStorageKinds(storage);
  checkFormatShape(format, levelSizes);
  return checkStorage(storage, format, levelSizes, 'strict').counts;
}

/**
 * Checks that `storage` is `{positions, coordinates, values}` holding arrays of the kinds a
 * tensor stores: unsigned index arrays (or `BigInt64Array`, the `'index'` width) or
 * `undefined` per level, and a `Float32Array`, `Float64Array`, `Int32Array` or `BigInt64Array`
 * of values.
 */
export function checkStorageKinds(storage: unknown): asserts storage is SparseStorage {
  if (storage === null || typeof storage !== 'object') {
    throw new SparseStorageError(
      'storage',
      `expected {positions, coordinates, values}, got ${describeValue(storage)}`,
    );
  }
  const { positions, coordinates, values } = storage as Record<string, unknown>;
  for (const [name, arrays] of [
    ['positions', positions],
    ['coordinates', coordinates],
  ] as const) {
    if (!Array.isArray(arrays)) {
      throw new SparseStorageError(
        name,
        `expected one array (or undefined) per level, got ${describeValue(arrays)}`,
      );
    }
    arrays.forEach((a: unknown, l) => {
      if (a !== undefined && !isIndexArray(a)) {
        throw new SparseStorageError(
          `${name}[${l}]`,
          `expected a Uint8Array, Uint16Array, Uint32Array, BigUint64Array or BigInt64Array (unsigned integers; BigInt64Array for 'index'), got ${describeValue(a)}`,
        );
      }
    });
  }
  if (!isValueArray(values)) {
    throw new SparseStorageError(
      'values',
      `expected a Float32Array, Float64Array, Int32Array or BigInt64Array, got ${describeValue(values)}`,
    );
  }
}

function checkFormatShape(format: unknown, levelSizes: unknown): void {
  const f = format as Partial<SparseFormat> | null;
  if (
    f === null ||
    typeof f !== 'object' ||
    !Array.isArray(f.levels) ||
    !Array.isArray(f.order) ||
    f.order.length !== f.levels.length
  ) {
    throw new SparseFormatError('format', 'expected a resolved format (see resolveFormat)');
  }
  if (
    !Array.isArray(levelSizes) ||
    levelSizes.length !== f.levels.length ||
    levelSizes.some((n) => typeof n !== 'number' || !Number.isInteger(n) || n < 0)
  ) {
    throw new SparseStorageError(
      'levelSizes',
      `expected ${f.levels.length} level sizes (non-negative integers)`,
    );
  }
}

/**
 * The checks of {@link validateStorage} on storage of the right kinds. With `order: 'strict'`
 * coordinates out of order or repeated within a segment throw; with `'lenient'` they only
 * make `canonical` false (the storage must be sorted and its duplicates summed).
 */
export function checkStorage(
  storage: SparseStorage,
  format: SparseFormat,
  levelSizes: readonly number[],
  order: 'strict' | 'lenient' = 'lenient',
): { counts: number[]; canonical: boolean } {
  const rank = format.levels.length;
  for (const [name, arrays] of [
    ['positions', storage.positions],
    ['coordinates', storage.coordinates],
  ] as const) {
    if (arrays.length !== rank) {
      throw new SparseStorageError(
        name,
        `expected one entry per level (${rank}), got ${arrays.length}`,
      );
    }
  }
  let canonical = true;
  const disorder = (error: SparseStorageError): void => {
    if (order === 'strict') throw error;
    canonical = false;
  };
  const counts: number[] = [];
  let parentCount = 1;
  format.levels.forEach((lt, l) => {
    const size = levelSizes[l] as number;
    const pos = storage.positions[l];
    const crd = storage.coordinates[l];
    expectArray(`positions[${l}]`, pos, isCompressed(lt), format.posWidth);
    expectArray(`coordinates[${l}]`, crd, lt !== 'dense', format.crdWidth);
    if (lt === 'dense') {
      parentCount *= size;
    } else if (isSingleton(lt)) {
      const c = crd as IndexArray;
      if (c.length !== parentCount) {
        throw new SparseStorageError(
          `coordinates[${l}]`,
          `expected length ${parentCount} (one per parent position), got ${c.length}`,
        );
      }
      checkRange(`coordinates[${l}]`, c, 0, c.length, size);
      if (isUnique(lt)) checkCooOrder(storage, format, l, disorder);
    } else {
      checkCompressed(
        l,
        pos as IndexArray,
        crd as IndexArray,
        parentCount,
        size,
        isUnique(lt),
        disorder,
      );
      parentCount = (crd as IndexArray).length;
    }
    counts.push(parentCount);
  });
  if (storage.values.length !== parentCount) {
    throw new SparseStorageError(
      'values',
      `expected length ${parentCount} (stored positions of the last level), got ${storage.values.length}`,
    );
  }
  return { counts, canonical };
}

function expectArray(
  name: string,
  array: IndexArray | undefined,
  wanted: boolean,
  width: SparseFormat['posWidth'],
): void {
  if (!wanted) {
    if (array !== undefined)
      throw new SparseStorageError(name, 'this level type stores no such array');
    return;
  }
  if (array === undefined) throw new SparseStorageError(name, 'missing for this level type');
  if (widthOf(array) !== width) {
    throw new SparseStorageError(
      name,
      `expected a ${String(width)}-wide array, got ${String(widthOf(array))}`,
    );
  }
}

function checkCompressed(
  l: number,
  posArray: IndexArray,
  crdArray: IndexArray,
  parentCount: number,
  size: number,
  unique: boolean,
  disorder: (error: SparseStorageError) => void,
): void {
  const name = `positions[${l}]`;
  const pos = numbersOf(posArray);
  const crd = numbersOf(crdArray);
  if (pos.length !== parentCount + 1) {
    throw new SparseStorageError(
      name,
      `expected length ${parentCount + 1} (parent positions + 1), got ${pos.length}`,
    );
  }
  if (pos[0] !== 0) throw new SparseStorageError(name, 'must start at 0', 0);
  const last = pos.length - 1;
  if (pos[last] !== crd.length) {
    throw new SparseStorageError(
      name,
      `last position ${pos[last]} must equal the coordinates length ${crd.length}`,
      last,
    );
  }
  for (let p = 1; p < pos.length; p++) {
    if ((pos[p] as number) < (pos[p - 1] as number)) {
      throw new SparseStorageError(
        name,
        `positions must be non-decreasing (${pos[p - 1]} then ${pos[p]})`,
        p,
      );
    }
  }
  const crdName = `coordinates[${l}]`;
  checkRange(crdName, crdArray, 0, crd.length, size);
  for (let s = 0; s + 1 < pos.length; s++) {
    const hi = pos[s + 1] as number;
    for (let p = (pos[s] as number) + 1; p < hi; p++) {
      const prev = crd[p - 1] as number;
      const cur = crd[p] as number;
      if (cur < prev || (unique && cur === prev)) {
        const rule = unique ? 'strictly increasing' : 'non-decreasing';
        disorder(
          new SparseStorageError(
            crdName,
            `coordinates within a segment must be ${rule} (${prev} then ${cur})`,
            p,
          ),
        );
        return;
      }
    }
  }
}

function checkRange(name: string, array: IndexArray, lo: number, hi: number, size: number): void {
  const crd = numbersOf(array);
  for (let p = lo; p < hi; p++) {
    const c = crd[p] as number;
    if (c < 0) throw new SparseStorageError(name, `coordinate ${c} is negative`, p);
    if (c >= size)
      throw new SparseStorageError(
        name,
        `coordinate ${c} is out of range for level size ${size}`,
        p,
      );
  }
}

/**
 * A unique singleton level closes a COO chain that starts at the nearest non-unique
 * compressed level: within each segment of that level the coordinate tuples must be strictly
 * increasing in lexicographic order.
 */
function checkCooOrder(
  storage: SparseStorage,
  format: SparseFormat,
  l: number,
  disorder: (error: SparseStorageError) => void,
): void {
  let head = l;
  while (head > 0 && !isCompressed(format.levels[head] as SparseFormat['levels'][number])) head--;
  const pos = storage.positions[head] as IndexArray;
  const chain = storage.coordinates.slice(head, l + 1) as IndexArray[];
  const compare = (a: number, b: number): number => {
    for (const crd of chain) {
      const d = Number(crd[a]) - Number(crd[b]);
      if (d !== 0) return d;
    }
    return 0;
  };
  for (let s = 0; s + 1 < pos.length; s++) {
    for (let p = Number(pos[s]) + 1; p < Number(pos[s + 1]); p++) {
      if (compare(p - 1, p) >= 0) {
        disorder(
          new SparseStorageError(
            `coordinates[${l}]`,
            `COO coordinate tuples must be strictly increasing within a segment of level ${head}`,
            p,
          ),
        );
        return;
      }
    }
  }
}
