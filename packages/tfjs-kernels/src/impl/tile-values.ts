/**
 * Run-time checks on tile contents that only the data can answer: values fit their declared
 * types, and indices address the tile they index. (The CPU loops check bounds in their own pass
 * over the indices; `assertIndicesInBounds` serves backends that must check before launching.)
 */
import { TileValueError } from '../errors.js';
import type { TileTypeInfo } from '../pto/element-types.js';
import type { TileGeometry } from './tile-geometry.js';
import { indexError, validRuns } from './tile-runs.js';

/** Typed arrays that carry tile data (float32 and int32 tensors). */
export type TileValues = Float32Array | Int32Array;

/**
 * Throws if any element of `values` does not fit `info`. `values` must be the storage of a
 * tensor of the type's carrying dtype (`info.dtype`), as the ops check before any kernel runs.
 *
 * @param op Public op name, for the message.
 * @param argument Tensor argument the values come from.
 * @param typeName Declared type name (`'s16'` ...).
 */
export function assertValuesFit(
  op: string,
  argument: string,
  values: TileValues,
  info: TileTypeInfo,
  typeName: string,
): void {
  // Skip the scan when the carrying dtype cannot hold an unfit value. A flag, not a test: type
  // tests on `values` or calls to `info.fits` here (inlined for src and idx alike) made V8
  // compile the kernels' scatter loop after them into slower code.
  if (!info.carrierFits) scanValues(op, argument, values, info, typeName);
}

/** The scan behind {@link assertValuesFit}: throws at the first value that does not fit. */
function scanValues(
  op: string,
  argument: string,
  values: TileValues,
  info: TileTypeInfo,
  typeName: string,
): void {
  for (let p = 0; p < values.length; p++) {
    const v = values[p]!;
    if (!info.fits(v)) throw new TileValueError(op, argument, p, v, typeName, info.admits);
  }
}

/**
 * Throws on the first valid-region index (row-major order, batch by batch) outside
 * `0 .. addressedSize - 1`.
 *
 * @param addressedSize Element count of one tile the indices address.
 * @throws TileIndexError
 */
export function assertIndicesInBounds(
  op: string,
  idx: Int32Array,
  g: TileGeometry,
  addressedSize: number,
): void {
  const runs = validRuns(g, g.idx);
  const idxSize = g.idx.rows * g.idx.cols;
  const last = addressedSize - 1;
  for (let b = 0; b < g.batch; b++) {
    for (let r = 0; r < runs.count; r++) {
      const start = b * idxSize + r * g.idx.cols;
      // Branch-free scan: the sign bit of (k | last - k) is set iff k < 0 or k > last.
      let outside = 0;
      for (let x = start, end = start + runs.length; x < end; x++)
        outside |= idx[x]! | (last - idx[x]!);
      if (outside >= 0) continue;
      let x = start;
      while (idx[x]! >>> 0 < addressedSize) x++;
      throw indexError(op, idx, g, b, x, addressedSize);
    }
  }
}
