/**
 * Rows `lo..hi` of an operand whose first stored level is its dense row dimension (CSR, or
 * any format that starts with a dense level over dimension 0), as an operand of its own with
 * `hi - lo` rows: a sub-range of every coordinate and value array (views, no copy) and the
 * positions re-based to start at 0 (a copy of one position per row). A row of the block is
 * the row of the whole operand entry for entry, so a kernel computes it with the same
 * operations in the same order.
 */
import { levelAt } from '../sparse-tensor/format.js';
import { adoptStorage, SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import type { IndexArray } from '../sparse-tensor/storage-arrays.js';
import type { DenseOperand } from '../sparsify/calling/bind.js';

/** Whether a format stores dimension 0 first in a dense level (what a row block needs). */
export function startsWithDenseRows(tensor: SparseTensor): boolean {
  return levelAt(tensor.format, 0).iteration === 'range' && tensor.format.order[0] === 0;
}

/** `positions[lo..hi)` minus `positions[lo]`, in the array's own type. */
function rebased(positions: IndexArray, lo: number, hi: number): IndexArray {
  const slice = positions.slice(lo, hi);
  if (slice instanceof BigInt64Array || slice instanceof BigUint64Array) {
    const base = slice[0] ?? 0n;
    if (base !== 0n) for (let k = 0; k < slice.length; k++) slice[k] = (slice[k] as bigint) - base;
  } else {
    const base = slice[0] ?? 0;
    if (base !== 0) for (let k = 0; k < slice.length; k++) slice[k] = (slice[k] as number) - base;
  }
  return slice;
}

/** The stored entry at position `p` of a positions array, as a number. */
const at = (positions: IndexArray, p: number): number => Number(positions[p]);

/** Rows `lo..hi` of `tensor` (see {@link startsWithDenseRows}), sharing its arrays. */
export function rowBlockOfTensor(tensor: SparseTensor, lo: number, hi: number): SparseTensor {
  const { format, shape } = tensor;
  const positions: (IndexArray | undefined)[] = [undefined];
  const coordinates: (IndexArray | undefined)[] = [undefined];
  // The block's range of stored positions at the current level.
  let from = lo;
  let to = hi;
  for (let l = 1; l < format.levels.length; l++) {
    const level = levelAt(format, l);
    const pos = tensor.positions[l];
    const crd = tensor.coordinates[l];
    if (level.iteration === 'range') {
      const size = shape[format.order[l] as number] as number;
      from *= size;
      to *= size;
      positions.push(undefined);
      coordinates.push(undefined);
    } else if (pos !== undefined && level.endsInPositions !== undefined) {
      // The parents' entries of the positions array, then their children's range.
      const stride = level.endsInPositions.stride;
      const first = from * stride;
      positions.push(rebased(pos, first, first + level.positionsLength(to - from)));
      const lo = at(pos, first);
      [from, to] = [lo, to > from ? at(pos, (to - 1) * stride + level.endsInPositions.start) : lo];
      coordinates.push(crd?.subarray(from, to));
    } else {
      positions.push(undefined);
      coordinates.push(crd?.subarray(from, to));
    }
  }
  return adoptStorage([hi - lo, ...shape.slice(1)], format, {
    positions,
    coordinates,
    values: tensor.values.subarray(from, to),
  });
}

/**
 * Rows `lo..hi` of `tensor` (see {@link startsWithDenseRows}) as views that rebase nothing:
 * the first compressed level's positions from row `lo` on, unchanged, and every deeper array
 * (and the values) whole, so a row's positions still point into the whole arrays. Nothing is
 * copied, so the block can be read where the tensor lies (a pool's shared wasm memory); a
 * row reads the same entries, in the same order, as in the whole tensor.
 */
export function rowBlockInPlace(tensor: SparseTensor, lo: number, hi: number): SparseTensor {
  const { format, shape } = tensor;
  const positions: (IndexArray | undefined)[] = [undefined];
  const coordinates: (IndexArray | undefined)[] = [undefined];
  let from = lo;
  let to = hi;
  // Past the first compressed level, arrays are indexed by absolute positions: kept whole.
  let whole = false;
  for (let l = 1; l < format.levels.length; l++) {
    const level = levelAt(format, l);
    const pos = tensor.positions[l];
    const crd = tensor.coordinates[l];
    if (whole) {
      positions.push(pos);
      coordinates.push(crd);
    } else if (level.iteration === 'range') {
      const size = shape[format.order[l] as number] as number;
      from *= size;
      to *= size;
      positions.push(undefined);
      coordinates.push(undefined);
    } else if (pos !== undefined && level.endsInPositions !== undefined) {
      const first = from * level.endsInPositions.stride;
      positions.push(pos.subarray(first, first + level.positionsLength(to - from)));
      coordinates.push(crd);
      whole = true;
    } else {
      positions.push(undefined);
      coordinates.push(crd?.subarray(from, to));
    }
  }
  return adoptStorage([hi - lo, ...shape.slice(1)], format, {
    positions,
    coordinates,
    values: whole ? tensor.values : tensor.values.subarray(from, to),
  });
}

/** Rows `lo..hi` of a row-major dense operand (a view of its data). */
export function rowBlockOfDense(operand: DenseOperand, lo: number, hi: number): DenseOperand {
  const rowLength = operand.shape.slice(1).reduce((a, b) => a * b, 1);
  return {
    data: operand.data.subarray(lo * rowLength, hi * rowLength),
    shape: [hi - lo, ...operand.shape.slice(1)],
  };
}

/** Whether `x` is a sparse tensor (of this copy of the package). */
export const isSparseTensor = (x: unknown): x is SparseTensor => x instanceof SparseTensor;
