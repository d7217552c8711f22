/**
 * Builds level storage (positions, coordinates, values) from entries sorted in level order:
 * one recursive descent over the levels, the same traversal MLIR's sparse tensor runtime uses
 * when it packs a sorted COO buffer.
 */
import { SparseStorageError } from './errors.js';
import { isCompressed, isSingleton, isUnique, type SparseFormat } from './format.js';

/** One stored element: its coordinates in level order and its value. */
export interface LevelEntry {
  readonly levelCoordinates: readonly number[];
  readonly value: number;
}

/** Storage as plain number lists, before conversion to typed arrays. */
export interface PlainStorage {
  readonly positions: readonly (number[] | undefined)[];
  readonly coordinates: readonly (number[] | undefined)[];
  readonly values: number[];
}

/**
 * Packs `entries` (lexicographically sorted by level coordinates, no duplicates) into the
 * storage of `format` for a tensor whose level sizes are `levelSizes`.
 */
export function packEntries(
  entries: readonly LevelEntry[],
  format: SparseFormat,
  levelSizes: readonly number[],
): PlainStorage {
  const rank = format.levels.length;
  const positions = format.levels.map((lt) => (isCompressed(lt) ? [0] : undefined));
  const coordinates = format.levels.map((lt) => (lt === 'dense' ? undefined : ([] as number[])));
  const values: number[] = [];
  const crdAt = (k: number, l: number): number =>
    (entries[k] as LevelEntry).levelCoordinates[l] as number;

  const visit = (l: number, lo: number, hi: number, parentPos: number): void => {
    if (l === rank) {
      if (hi - lo > 1) {
        const at = (entries[lo] as LevelEntry).levelCoordinates.join(', ');
        throw new SparseStorageError(
          'coordinates',
          `duplicate entry at level coordinates (${at})`,
          lo,
        );
      }
      values[parentPos] = lo < hi ? (entries[lo] as LevelEntry).value : 0;
      return;
    }
    const lt = format.levels[l];
    const crd = coordinates[l] as number[];
    if (lt === 'dense') {
      const size = levelSizes[l] as number;
      let k = lo;
      for (let c = 0; c < size; c++) {
        let e = k;
        while (e < hi && crdAt(e, l) === c) e++;
        visit(l + 1, k, e, parentPos * size + c);
        k = e;
      }
    } else if (lt !== undefined && isSingleton(lt)) {
      crd.push(crdAt(lo, l));
      visit(l + 1, lo, hi, parentPos);
    } else {
      const unique = lt !== undefined && isUnique(lt);
      for (let k = lo; k < hi; ) {
        let e = k + 1;
        if (unique) while (e < hi && crdAt(e, l) === crdAt(k, l)) e++;
        crd.push(crdAt(k, l));
        visit(l + 1, k, e, crd.length - 1);
        k = e;
      }
      (positions[l] as number[]).push(crd.length);
    }
  };
  visit(0, 0, entries.length, 0);
  return { positions, coordinates, values };
}

/** Compares two entries lexicographically by level coordinates. */
export function compareLevelEntries(a: LevelEntry, b: LevelEntry): number {
  const n = a.levelCoordinates.length;
  for (let l = 0; l < n; l++) {
    const d = (a.levelCoordinates[l] as number) - (b.levelCoordinates[l] as number);
    if (d !== 0) return d;
  }
  return 0;
}
