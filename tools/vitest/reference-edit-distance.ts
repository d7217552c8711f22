/**
 * The edit distance the "did you mean" tests judge suggestions by: Levenshtein's, by its
 * recursive definition (memoized), written independently of any implementation under test.
 * It lives in this shared folder (no package) because `@tilekit/errors`, whose `nearestName`
 * it judges first, sits below `@tilekit/test-support` and cannot import it; the other packages'
 * tests reach it through `@tilekit/test-support/reference-edit-distance`.
 */

/** The least number of single-character insertions, deletions and replacements from a to b. */
export function referenceEditDistance(a: string, b: string): number {
  const memo = new Map<string, number>();
  const d = (i: number, j: number): number => {
    if (i === 0) return j;
    if (j === 0) return i;
    const key = `${i},${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = Math.min(
      d(i - 1, j) + 1,
      d(i, j - 1) + 1,
      d(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
    );
    memo.set(key, value);
    return value;
  };
  return d(a.length, b.length);
}
