/**
 * The formatted output of a row-partitioned call, from its blocks in row order: the blocks of
 * a format whose first level is dense rows store their rows one after another, so each level's
 * coordinates and the values are the blocks' arrays end to end, and each compressed level's
 * positions are the blocks' positions (their leading 0 dropped) shifted by the entries the
 * blocks before it stored at that level.
 */
import type { SparseFormat } from '../sparse-tensor/format.js';
import { adoptStorage, type SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import type { IndexArray, ValueArray } from '../sparse-tensor/storage-arrays.js';
import type { BlockStorage } from './protocol.js';

type AnyArray = IndexArray | ValueArray;

/** `parts` end to end, in the type of the first. */
function concatenated<T extends AnyArray>(parts: readonly T[]): T {
  const first = parts[0] as T;
  if (parts.length === 1) return first;
  const length = parts.reduce((n, p) => n + p.length, 0);
  const out = new (first.constructor as new (n: number) => T)(length);
  let at = 0;
  for (const p of parts) {
    (out as unknown as { set(a: T, at: number): void }).set(p, at);
    at += p.length;
  }
  return out;
}

/** Each block's positions after its leading 0, shifted by the entries of the blocks before it. */
function joinedPositions(parts: readonly IndexArray[]): IndexArray {
  const first = parts[0] as IndexArray;
  const length = 1 + parts.reduce((n, p) => n + p.length - 1, 0);
  const out = new (first.constructor as new (n: number) => IndexArray)(length);
  const big = out instanceof BigInt64Array || out instanceof BigUint64Array;
  let at = 1;
  let offset = 0;
  for (const p of parts) {
    if (big) {
      const shift = BigInt(offset);
      for (let k = 1; k < p.length; k++) out[at++] = (p[k] as bigint) + shift;
    } else {
      for (let k = 1; k < p.length; k++) out[at++] = (p[k] as number) + offset;
    }
    offset += Number(p[p.length - 1] ?? 0);
  }
  return out;
}

/** The output of `shape` in `format` whose rows the `blocks` (in row order) hold. */
export function joinedBlocks(
  shape: readonly number[],
  format: SparseFormat,
  blocks: readonly BlockStorage[],
): SparseTensor {
  const levels = format.levels.length;
  const positions: (IndexArray | undefined)[] = [];
  const coordinates: (IndexArray | undefined)[] = [];
  for (let l = 0; l < levels; l++) {
    const pos = blocks.map((b) => b.positions[l]);
    const crd = blocks.map((b) => b.coordinates[l]);
    positions.push(pos[0] === undefined ? undefined : joinedPositions(pos as IndexArray[]));
    coordinates.push(crd[0] === undefined ? undefined : concatenated(crd as IndexArray[]));
  }
  const values = concatenated(blocks.map((b) => b.values) as ValueArray[]);
  return adoptStorage(shape, format, { positions, coordinates, values });
}
