/** The order rule every positions array keeps: its entries never decrease. */

/** The first entry of `pos` below the one before it, as a problem; `undefined` when none. */
export function checkNonDecreasing(
  pos: ArrayLike<number>,
): { problem: string; at: number } | undefined {
  for (let p = 1; p < pos.length; p++) {
    if ((pos[p] as number) < (pos[p - 1] as number)) {
      return { problem: `positions must be non-decreasing (${pos[p - 1]} then ${pos[p]})`, at: p };
    }
  }
  return undefined;
}
