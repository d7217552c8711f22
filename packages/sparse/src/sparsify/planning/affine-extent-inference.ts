/**
 * Extents of index variables that affine subscripts constrain (`O(i) = I(i+k) * F(k)`), as
 * MLIR's linalg verifier and its convolution tests use them. Extents come first from plain
 * subscripts (the filter's `k`, any operand subscripted by `i` alone); an index variable seen
 * only in affine subscripts (and the output) gets the largest extent whose every coordinate
 * lies inside the dimension it subscripts: `i + k` over an image of `n` and a filter of `m` has
 * `i < n - m + 1` (a "valid" convolution), `2*i + k` has `i < floor((n - m) / 2) + 1`. Every
 * affine subscript must then stay inside its dimension (MLIR: the dimension is at least the
 * largest coordinate plus one); a larger dimension is allowed, its tail is not read.
 */

import { SparsifyError } from '../errors.js';
import type { LocatedShape } from './affine-extents.js';
import { subscriptText } from './affine-subscript.js';

/** The access as written, for errors: `I(i+k,j+l)`. */
function accessText(t: LocatedShape): string {
  return `${t.name}(${t.subscripts.map(subscriptText).join(',')})`;
}

/**
 * Adds to `sizes` the extent of every index variable only affine subscripts constrain, then
 * checks that each affine subscript stays inside its dimension; a {@link SparsifyError} names the
 * operand, the subscript and the extents where one does not, or where a variable's extent is
 * left unknown (two such variables in one subscript and nowhere else).
 */
export function inferAffineExtents(
  located: readonly LocatedShape[],
  sizes: Map<string, number>,
): void {
  const dims = located.flatMap((t) =>
    t.subscripts.map((s, d) => ({ t, s, d, extent: t.shape[d] as number })),
  );
  // Each pass fixes the variables that are the one unknown of some subscript.
  for (let progress = true; progress; ) {
    progress = false;
    for (const { s, extent } of dims) {
      const unknown = s.terms.filter((term) => !sizes.has(term.index));
      const only = unknown[0];
      if (unknown.length !== 1 || only === undefined) continue;
      // rest = the largest coordinate of the other terms (an empty range's term counts -c).
      const rest = s.terms.reduce(
        (sum, term) =>
          term === only ? sum : sum + term.coefficient * ((sizes.get(term.index) as number) - 1),
        s.offset,
      );
      sizes.set(only.index, Math.max(0, Math.floor((extent - 1 - rest) / only.coefficient) + 1));
      progress = true;
    }
  }
  for (const { t, s, d, extent } of dims) {
    const unknown = s.terms.find((term) => !sizes.has(term.index));
    if (unknown !== undefined) {
      throw new SparsifyError(
        'expression',
        `the extent of index ${unknown.index} is unknown: it appears only in affine subscripts with another index of unknown extent (${subscriptText(s)} of ${accessText(t)}); subscript some operand or the output by ${unknown.index} alone`,
      );
    }
    const extents = s.terms.map((term) => sizes.get(term.index) as number);
    if (extents.some((n) => n === 0)) continue;
    const last = s.terms.reduce(
      (sum, term, k) => sum + term.coefficient * ((extents[k] as number) - 1),
      s.offset,
    );
    if (last >= extent) {
      const ranges = s.terms.map((term, k) => `${term.index} < ${extents[k]}`).join(', ');
      throw new SparsifyError(
        `operands.${t.name}`,
        `dimension ${d} of ${accessText(t)} is ${extent}, but its subscript ${subscriptText(s)} reaches ${last} (${ranges}); the dimension must be at least ${last + 1}`,
        `a dimension of at least ${last + 1}`,
      );
    }
  }
}
