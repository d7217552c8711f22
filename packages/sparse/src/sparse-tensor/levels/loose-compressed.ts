/**
 * `loose_compressed`: like compressed, but each parent keeps its own pair of positions, parent
 * `p`'s segment being `[positions[2p], positions[2p + 1])` (MLIR's `loose_compressed`, as in
 * its `sparse_loose.mlir`). Segments need not touch, so a segment can end before the next one
 * starts (room to grow in place, or a slice of another tensor's storage); the stored positions
 * in such a gap belong to no entry. Built tensors store the segments contiguously, as MLIR's
 * `sparse_tensor.convert` does.
 */
import { levelFamily } from './level-family.js';
import { checkNonDecreasing } from './positions-order.js';
import { positionsSegments } from './positions-segments.js';

/** The loose_compressed level types: unique, and `(nonunique)`. */
export const LOOSE_COMPRESSED_LEVELS = levelFamily('loose_compressed', (unique) => ({
  iteration: 'positions',
  hasCoordinates: true,
  hasPositions: true,
  // Kernels append contiguous segments; the pairs are made from them afterwards.
  appendedAs: () => (unique ? 'compressed' : 'compressed(nonunique)'),
  positionsLength: (parents: number) => 2 * parents,
  placementProblem: () => undefined,
  ...positionsSegments(2),
  positionsFromOffsets: (offsets: Uint32Array) => {
    const parents = offsets.length - 1;
    const pairs = new Uint32Array(2 * parents);
    for (let p = 0; p < parents; p++) {
      pairs[2 * p] = offsets[p] as number;
      pairs[2 * p + 1] = offsets[p + 1] as number;
    }
    return pairs;
  },
  checkPositions: (pos: ArrayLike<number>, parents: number, stored: number) => {
    if (pos.length !== 2 * parents) {
      return {
        problem: `expected length ${2 * parents} (a lo, hi pair per parent position), got ${pos.length}`,
      };
    }
    // Segments in parent order, none overlapping the next: lo <= hi <= next lo.
    const order = checkNonDecreasing(pos);
    if (order !== undefined) return order;
    const last = pos.length - 1;
    if (last >= 0 && (pos[last] as number) > stored) {
      return {
        problem: `position ${pos[last]} is past the coordinates length ${stored}`,
        at: last,
      };
    }
    let contiguous = parents === 0 ? stored === 0 : pos[0] === 0 && pos[last] === stored;
    for (let p = 1; p < parents && contiguous; p++) {
      contiguous = pos[2 * p] === pos[2 * p - 1];
    }
    return { contiguous };
  },
}));
