/**
 * The checks that keep a sparse kernel inside its operands whatever storage tensors it is
 * given: lengths follow from the shape and the other arrays' lengths (checked without reading
 * anything), contents (positions within their coordinates, coordinates within their level, the
 * order rules of `SparseTensor.fromStorage`) are checked where the data is in host memory. A
 * checked storage is remembered by its tensors' data ids (tfjs tensors never change), so a
 * storage used by many calls is read once.
 */
import type { DataId, TensorInfo } from '@tensorflow/tfjs-core';
import { SparseFormatError, SparseStorageError } from '../sparse-tensor/errors.js';
import { levelOf, levelsOf, type SparseFormat } from '../sparse-tensor/format.js';
import { numbersOf } from '../sparse-tensor/storage-arrays.js';
import { validateStorage } from '../sparse-tensor/validate.js';
import type { OperandFormat } from './sparse-inputs.js';
import { unsignedView } from './unsigned-views.js';

/** The storage arrays of one sparse operand, as anything with a shape (tensors, infos). */
export interface StorageShapes<T extends { readonly shape: readonly number[] }> {
  readonly values: T;
  readonly positions: readonly (T | undefined)[];
  readonly coordinates: readonly (T | undefined)[];
}

/** Elements of an array (its tensor's size). */
const lengthOf = (t: { readonly shape: readonly number[] }): number =>
  t.shape.reduce((a, b) => a * b, 1);

/**
 * Checks the lengths of `storage` against `format` and the operand's `shape` (level sizes in
 * the format's order), reading no data: a compressed level's positions hold one entry per
 * parent position plus one, a singleton level's coordinates one per parent position, the
 * values one per position of the last level; a level of size 0 stores no coordinate.
 * `argument` prefixes the names in errors (`storage` or `operands.A`).
 */
export function checkStorageLengths<T extends { readonly shape: readonly number[] }>(
  storage: StorageShapes<T>,
  format: OperandFormat,
  shape: readonly number[],
  argument: string,
): void {
  let parents = 1;
  format.levels.forEach((lt, l) => {
    const level = levelOf(lt);
    const size = shape[format.order[l] as number] as number;
    const pos = storage.positions[l];
    const crd = storage.coordinates[l];
    if (level.iteration === 'range') {
      parents *= size;
      return;
    }
    if (crd === undefined)
      throw new SparseFormatError(`${argument}.coordinates[${l}]`, `a ${lt} level needs them`);
    const stored = lengthOf(crd);
    if (level.hasPositions) {
      if (pos === undefined)
        throw new SparseFormatError(`${argument}.positions[${l}]`, `a ${lt} level needs them`);
      const expected = level.positionsLength(parents);
      if (lengthOf(pos) !== expected)
        throw new SparseStorageError(
          `${argument}.positions[${l}]`,
          `expected length ${expected} (${parents} parent positions), got ${lengthOf(pos)}`,
        );
      if (parents === 0 && stored > 0)
        throw new SparseStorageError(
          `${argument}.coordinates[${l}]`,
          `a level with no parent position stores no coordinate, got ${stored}`,
        );
    } else if (stored !== parents * (level.slotsPerParent ?? 1)) {
      const per = level.slotsPerParent ?? 1;
      throw new SparseStorageError(
        `${argument}.coordinates[${l}]`,
        `expected length ${parents * per} (${per === 1 ? 'one' : per} per parent position), got ${stored}`,
      );
    }
    if (size === 0 && stored > 0)
      throw new SparseStorageError(
        `${argument}.coordinates[${l}]`,
        `level ${l} has size 0 and holds no coordinate, got ${stored}`,
      );
    parents = stored;
  });
  if (lengthOf(storage.values) !== parents)
    throw new SparseStorageError(
      `${argument}.values`,
      `expected length ${parents} (stored positions of the last level), got ${lengthOf(storage.values)}`,
    );
}

/** Storages checked so far: per index tensor's data id, the group it was checked in. */
const CHECKED = new WeakMap<DataId, { readonly key: string; readonly ids: readonly DataId[] }>();

/** The data ids of a storage's index arrays, level by level. */
function indexIds(storage: StorageShapes<TensorInfo>): DataId[] {
  const ids: DataId[] = [];
  for (const t of [...storage.positions, ...storage.coordinates])
    if (t !== undefined) ids.push(t.dataId);
  return ids;
}

const keyOf = (format: OperandFormat, shape: readonly number[]) =>
  `${format.levels.join(',')};${format.order.join(',')};${shape.join(',')}`;

/** Whether `storage` was checked (or made valid) for this format and shape already. */
function isChecked(
  storage: StorageShapes<TensorInfo>,
  format: OperandFormat,
  shape: readonly number[],
): boolean {
  const ids = indexIds(storage);
  const first = ids[0];
  if (first === undefined) return true;
  const group = CHECKED.get(first);
  return (
    group !== undefined &&
    group.key === keyOf(format, shape) &&
    group.ids.length === ids.length &&
    group.ids.every((id, k) => id === ids[k])
  );
}

/**
 * Records that `storage`'s index tensors hold a valid storage of `format` and `shape` (checked
 * here, or built by this package from a validated `SparseTensor`).
 */
export function recordCheckedStorage(
  storage: StorageShapes<TensorInfo>,
  format: OperandFormat,
  shape: readonly number[],
): void {
  const ids = indexIds(storage);
  const group = { key: keyOf(format, shape), ids };
  for (const id of ids) CHECKED.set(id, group);
}

/**
 * Checks `storage`'s lengths, then (once per storage) its contents as read by `read` (host
 * memory: the cpu and wasm backends' arrays, or data a GPU backend still holds on the CPU),
 * with the rules of `SparseTensor.fromStorage`: positions start at 0, never decrease and end
 * at their coordinates' length, coordinates lie within their level and keep their order.
 */
export function checkStorage(
  storage: StorageShapes<TensorInfo>,
  format: OperandFormat,
  shape: readonly number[],
  argument: string,
  read: (info: TensorInfo) => Int32Array | Float32Array,
): void {
  checkStorageLengths(storage, format, shape, argument);
  if (isChecked(storage, format, shape)) return;
  const view = (t: TensorInfo | undefined) =>
    t === undefined ? undefined : unsignedView(read(t) as Int32Array);
  const sparseFormat: SparseFormat = {
    ...format,
    posWidth: 32,
    crdWidth: 32,
  } as SparseFormat;
  try {
    const arrays = {
      values: read(storage.values) as unknown as Float32Array,
      positions: format.levels.map((_, l) => view(storage.positions[l])),
      coordinates: format.levels.map((_, l) => view(storage.coordinates[l])),
    };
    const counts = validateStorage(
      arrays,
      sparseFormat,
      format.order.map((d) => shape[d] as number),
    );
    checkContiguous(arrays, sparseFormat, counts);
  } catch (e) {
    // Name the operand the arrays belong to.
    if (e instanceof SparseStorageError)
      throw new SparseStorageError(
        `${argument}.${e.argument}`,
        e.message.replace(/^Invalid [^:]*: /, ''),
        e.at,
      );
    throw e;
  }
  recordCheckedStorage(storage, format, shape);
}

/**
 * Segments with gaps between them (a loose compressed level) are refused on a backend: the
 * ops that list entries there find each entry's parent by a sorted search of the segment ends,
 * which a gap would mislead. `SparseTensor.fromStorage` compacts them.
 */
function checkContiguous(
  storage: {
    readonly positions: readonly (Uint32Array | undefined)[];
    readonly coordinates: readonly (Uint32Array | undefined)[];
  },
  format: SparseFormat,
  counts: readonly number[],
): void {
  levelsOf(format).forEach((level, l) => {
    const pos = storage.positions[l];
    if (!level.hasPositions || pos === undefined) return;
    const parents = l === 0 ? 1 : (counts[l - 1] as number);
    const stored = storage.coordinates[l]?.length ?? 0;
    const checked = level.checkPositions(numbersOf(pos), parents, stored);
    if (checked.problem === undefined && !checked.contiguous) {
      throw new SparseStorageError(
        `positions[${l}]`,
        'has gaps between its segments; a tfjs backend stores them contiguously: compact them with SparseTensor.fromStorage(...) and pass that tensor (or TfSparseTensor.fromSparseTensor of it)',
      );
    }
  });
}
