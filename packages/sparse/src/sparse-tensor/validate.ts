/**
 * Checks storage arrays against a format's invariants before a kernel trusts them: a bad
 * position could otherwise make a compiled loop read out of bounds.
 */
import { SparseFormatError, SparseStorageError } from './errors.js';
import { levelsOf, type SparseFormat } from './format.js';
import type { LevelFormat } from './levels/level-format.js';
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
 * make `canonical` false (the storage must be sorted and its duplicates summed). Segments with
 * gaps between them (a loose compressed level) make `canonical` false too: built tensors
 * store them contiguously.
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
  let contiguous = true;
  const levels = levelsOf(format);
  levels.forEach((level, l) => {
    const size = levelSizes[l] as number;
    const pos = storage.positions[l];
    const crd = storage.coordinates[l];
    expectArray(`positions[${l}]`, pos, level.hasPositions, format.posWidth);
    expectArray(`coordinates[${l}]`, crd, level.hasCoordinates, format.crdWidth);
    if (level.iteration === 'range') {
      parentCount *= size;
    } else if (level.slotsPerParent !== undefined) {
      checkGroups(
        `coordinates[${l}]`,
        crd as IndexArray,
        parentCount,
        level.slotsPerParent,
        size,
        disorder,
      );
      parentCount *= level.slotsPerParent;
    } else if (level.iteration === 'parent') {
      const c = crd as IndexArray;
      if (c.length !== parentCount) {
        throw new SparseStorageError(
          `coordinates[${l}]`,
          `expected length ${parentCount} (one per parent position), got ${c.length}`,
        );
      }
      checkRange(`coordinates[${l}]`, c, 0, c.length, size);
      const parent = levels[l - 1];
      if (level.unique && parent !== undefined && !parent.unique) {
        checkCooOrder(storage, levels, counts, l, disorder);
      }
    } else {
      const checked = checkSegments(
        level,
        l,
        pos as IndexArray,
        crd as IndexArray,
        parentCount,
        size,
        disorder,
      );
      contiguous &&= checked;
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
  return { counts, canonical: canonical && contiguous };
}

/**
 * A level keeping `n` coordinates under each parent: `parents * n` of them, below `size`, and
 * increasing within each group (out of order or repeated: `disorder`).
 */
function checkGroups(
  name: string,
  crd: IndexArray,
  parents: number,
  n: number,
  size: number,
  disorder: (error: SparseStorageError) => void,
): void {
  if (crd.length !== parents * n) {
    throw new SparseStorageError(
      name,
      `expected length ${parents * n} (${n} per parent position), got ${crd.length}`,
    );
  }
  checkRange(name, crd, 0, crd.length, size);
  const c = numbersOf(crd);
  for (let q = 0; q < c.length; q++) {
    if (q % n !== 0 && (c[q] as number) <= (c[q - 1] as number)) {
      disorder(
        new SparseStorageError(name, `coordinates must increase within each group of ${n}`, q),
      );
      return;
    }
  }
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

/**
 * Checks a level iterated by positions: its positions array (by the level object's rules),
 * its coordinates inside the level, and their order within each segment. Returns whether the
 * segments are contiguous.
 */
function checkSegments(
  level: LevelFormat,
  l: number,
  posArray: IndexArray,
  crdArray: IndexArray,
  parentCount: number,
  size: number,
  disorder: (error: SparseStorageError) => void,
): boolean {
  const name = `positions[${l}]`;
  const pos = numbersOf(posArray);
  const crd = numbersOf(crdArray);
  const checked = level.checkPositions(pos, parentCount, crd.length);
  if (checked.problem !== undefined) {
    throw new SparseStorageError(name, checked.problem, checked.at);
  }
  const crdName = `coordinates[${l}]`;
  checkRange(crdName, crdArray, 0, crd.length, size);
  const unique = level.unique;
  for (let s = 0; s < parentCount; s++) {
    const [lo, hi] = level.segment(pos, s, size);
    for (let p = lo + 1; p < hi; p++) {
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
        return checked.contiguous;
      }
    }
  }
  return checked.contiguous;
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
  levels: readonly LevelFormat[],
  counts: readonly number[],
  l: number,
  disorder: (error: SparseStorageError) => void,
): void {
  // The chain's head: the level above the singleton levels that share its segments.
  let head = l;
  while (head > 0 && levels[head]?.iteration === 'parent' && !levels[head - 1]?.unique) head--;
  const level = levels[head] as LevelFormat;
  if (!level.hasPositions) return;
  const pos = numbersOf(storage.positions[head] as IndexArray);
  const parents = head === 0 ? 1 : (counts[head - 1] as number);
  const chain = storage.coordinates.slice(head, l + 1) as IndexArray[];
  const compare = (a: number, b: number): number => {
    for (const crd of chain) {
      const d = Number(crd[a]) - Number(crd[b]);
      if (d !== 0) return d;
    }
    return 0;
  };
  for (let s = 0; s < parents; s++) {
    const [lo, hi] = level.segment(pos, s, 0);
    for (let p = lo + 1; p < hi; p++) {
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
