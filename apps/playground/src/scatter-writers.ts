/**
 * Who writes where in a TSCATTER: for every destination offset, the source positions that
 * write it in the instruction's row-major order over the valid region (the last one wins).
 */

/** Writers per destination offset, in write order; offsets written more than once are duplicates. */
export function scatterWriters(
  idx: readonly (readonly number[])[],
  validRow: number,
  validCol: number,
): Map<number, [number, number][]> {
  const writers = new Map<number, [number, number][]>();
  for (let i = 0; i < validRow; i++) {
    for (let j = 0; j < validCol; j++) {
      const offset = idx[i]![j]!;
      const list = writers.get(offset) ?? [];
      list.push([i, j]);
      writers.set(offset, list);
    }
  }
  return writers;
}
