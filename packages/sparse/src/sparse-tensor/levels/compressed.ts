/**
 * `compressed`: the stored coordinates of all parents in one array, parent `p`'s segment
 * being `[positions[p], positions[p + 1])` (TACO's `CompressedModeFormat`, MLIR's compressed
 * level). Segments are contiguous, so the positions array has one entry per parent plus one.
 * With `(nonunique)` a coordinate may repeat in a segment: the head of a COO chain, whose
 * tuples continue in the singleton levels below.
 */
import { levelFamily } from './level-family.js';
import { checkNonDecreasing } from './positions-order.js';
import { positionsSegments } from './positions-segments.js';

/** The compressed level types: unique, and `(nonunique)`. */
export const COMPRESSED_LEVELS = levelFamily('compressed', (_unique, spelling) => ({
  iteration: 'positions',
  hasCoordinates: true,
  hasPositions: true,
  appendedAs: () => spelling,
  positionsLength: (parents: number) => parents + 1,
  placementProblem: () => undefined,
  ...positionsSegments(1),
  positionsFromOffsets: (offsets: Uint32Array) => offsets,
  checkPositions: (pos: ArrayLike<number>, parents: number, stored: number) => {
    if (pos.length !== parents + 1) {
      return {
        problem: `expected length ${parents + 1} (parent positions + 1), got ${pos.length}`,
      };
    }
    if (pos[0] !== 0) return { problem: 'must start at 0', at: 0 };
    const last = pos.length - 1;
    if (pos[last] !== stored) {
      return {
        problem: `last position ${pos[last]} must equal the coordinates length ${stored}`,
        at: last,
      };
    }
    return checkNonDecreasing(pos) ?? { contiguous: true };
  },
}));
