/**
 * Plain reference loops for TSCATTER/TGATHER written straight from the spec on nested arrays,
 * independent of the package's typed-array loops.
 */

/** A tile as row arrays. */
export type Rows = number[][];

/** Splits row-major storage into `rows` rows of `cols`. */
export function toRows(flat: ArrayLike<number>, rows: number, cols: number): Rows {
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => flat[r * cols + c]!),
  );
}

/**
 * `dst_flat[idx[i][j]] = src[i][j]` for i < validRow, j < validCol in row-major order on a zero
 * destination; entries outside the destination are dropped (the caller checks bounds policy).
 */
export function referenceScatter(
  src: Rows,
  idx: Rows,
  dst: readonly [number, number],
  validRow: number,
  validCol: number,
  combine: (old: number, value: number) => number = (_old, value) => value,
): number[] {
  const out = new Array<number>(dst[0] * dst[1]).fill(0);
  for (let i = 0; i < validRow; i++) {
    for (let j = 0; j < validCol; j++) {
      const k = idx[i]![j]!;
      if (k >= 0 && k < out.length) out[k] = combine(out[k]!, src[i]![j]!);
    }
  }
  return out;
}

/** `dst[i][j] = src_flat[idx[i][j]]` on the valid region, zeros elsewhere (and for bad offsets). */
export function referenceGather(
  src: Rows,
  idx: Rows,
  dst: readonly [number, number],
  validRow: number,
  validCol: number,
): number[] {
  const flat = src.flat();
  const out = new Array<number>(dst[0] * dst[1]).fill(0);
  for (let i = 0; i < validRow; i++) {
    for (let j = 0; j < validCol; j++) {
      const k = idx[i]![j]!;
      if (k >= 0 && k < flat.length) out[i * dst[1] + j] = flat[k]!;
    }
  }
  return out;
}
