/**
 * Checks storage arrays against a format's invariants before a kernel trusts them: a bad
 * position could otherwise make a compiled loop read out of bounds.
 */
import { SparseStorageError } from './errors.js';
import { isCompressed, isSingleton, isUnique, type SparseFormat } from './format.js';
import { type IndexArray, readIndex, type ValueArray, widthOf } from './storage-arrays.js';

/** The arrays of a sparse tensor, indexed by level (`undefined` where a level has none). */
export interface SparseStorage {
  readonly positions: readonly (IndexArray | undefined)[];
  readonly coordinates: readonly (IndexArray | undefined)[];
  readonly values: ValueArray;
}

/**
 * Validates `storage` for `format` with the given level sizes; returns the number of stored
 * positions at each level. Throws {@link SparseStorageError} naming the first bad array.
 */
export function validateStorage(
  storage: SparseStorage,
  format: SparseFormat,
  levelSizes: readonly number[],
): number[] {
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
      if (isUnique(lt)) checkCooOrder(storage, format, l);
    } else {
      checkCompressed(l, pos as IndexArray, crd as IndexArray, parentCount, size, isUnique(lt));
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
  return counts;
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
  pos: IndexArray,
  crd: IndexArray,
  parentCount: number,
  size: number,
  unique: boolean,
): void {
  const name = `positions[${l}]`;
  if (pos.length !== parentCount + 1) {
    throw new SparseStorageError(
      name,
      `expected length ${parentCount + 1} (parent positions + 1), got ${pos.length}`,
    );
  }
  if (readIndex(pos, 0) !== 0) throw new SparseStorageError(name, 'must start at 0', 0);
  for (let p = 1; p < pos.length; p++) {
    if (readIndex(pos, p) < readIndex(pos, p - 1)) {
      throw new SparseStorageError(
        name,
        `positions must be non-decreasing (${readIndex(pos, p - 1)} then ${readIndex(pos, p)})`,
        p,
      );
    }
  }
  const end = readIndex(pos, pos.length - 1);
  if (end !== crd.length) {
    throw new SparseStorageError(
      name,
      `last position ${end} must equal the coordinates length ${crd.length}`,
      pos.length - 1,
    );
  }
  const crdName = `coordinates[${l}]`;
  checkRange(crdName, crd, 0, crd.length, size);
  for (let s = 0; s + 1 < pos.length; s++) {
    for (let p = readIndex(pos, s) + 1; p < readIndex(pos, s + 1); p++) {
      const prev = readIndex(crd, p - 1);
      const cur = readIndex(crd, p);
      if (cur < prev || (unique && cur === prev)) {
        const rule = unique ? 'strictly increasing' : 'non-decreasing';
        throw new SparseStorageError(
          crdName,
          `coordinates within a segment must be ${rule} (${prev} then ${cur})`,
          p,
        );
      }
    }
  }
}

function checkRange(name: string, crd: IndexArray, lo: number, hi: number, size: number): void {
  for (let p = lo; p < hi; p++) {
    const c = readIndex(crd, p);
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
function checkCooOrder(storage: SparseStorage, format: SparseFormat, l: number): void {
  let head = l;
  while (head > 0 && !isCompressed(format.levels[head] as SparseFormat['levels'][number])) head--;
  const pos = storage.positions[head] as IndexArray;
  const chain = storage.coordinates.slice(head, l + 1) as IndexArray[];
  const compare = (a: number, b: number): number => {
    for (const crd of chain) {
      const d = readIndex(crd, a) - readIndex(crd, b);
      if (d !== 0) return d;
    }
    return 0;
  };
  for (let s = 0; s + 1 < pos.length; s++) {
    for (let p = readIndex(pos, s) + 1; p < readIndex(pos, s + 1); p++) {
      if (compare(p - 1, p) >= 0) {
        throw new SparseStorageError(
          `coordinates[${l}]`,
          `COO coordinate tuples must be strictly increasing within a segment of level ${head}`,
          p,
        );
      }
    }
  }
}
