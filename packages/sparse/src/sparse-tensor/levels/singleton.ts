/**
 * `singleton`: one coordinate per parent position, no positions array (TACO's
 * `SingletonModeFormat`, MLIR's singleton level). Below a non-unique level it continues a COO
 * tuple, iterated over the segment of equal coordinates above it; below a unique level (TACO's
 * ELL, `[dense, dense, singleton]`) each parent position holds exactly one entry, its
 * coordinate stored, an empty slot padded with a stored zero at coordinate 0.
 */
import type { Value } from '@tilekit/loop-ir';
import { levelFamily } from './level-family.js';
import type { LevelFormat } from './level-format.js';

/** The singleton level types: unique, and `(nonunique)`. */
export const SINGLETON_LEVELS = levelFamily('singleton', (unique, spelling) => ({
  iteration: 'parent',
  hasCoordinates: true,
  hasPositions: false,
  // Below a unique level (ELL) slots are padded, which appending in order cannot do.
  appendedAs: (parent: LevelFormat | undefined) =>
    parent?.unique === false ? spelling : unique ? 'compressed' : 'compressed(nonunique)',
  positionsLength: () => 0,
  placementProblem: (parent: LevelFormat | undefined) =>
    parent === undefined
      ? `a singleton level must follow another level (it stores one coordinate per parent position); use 'compressed' at the root`
      : undefined,
  segment: (_positions: unknown, p: number): [number, number] => [p, p + 1],
  endsInPositions: undefined,
  segmentEnd: (_positions: unknown, p: number) => p + 1,
  positionsFromOffsets: () => new Uint32Array(0),
  checkPositions: () => ({ contiguous: true }),
  emitSegment: ({ b, c, parent, segmentEnd }) => {
    const at = parent as Value;
    return { lo: at, hi: segmentEnd ?? b.addi(at, c(1)) };
  },
}));
