/**
 * `dense`: every coordinate of the level's extent is stored under each parent position, so
 * nothing is stored but the count: child `c` of parent `p` is position `p * size + c`
 * (TACO's `DenseModeFormat`, MLIR's dense level: iterated as a counted loop, located by
 * arithmetic).
 */
import type { LevelFormat } from './level-format.js';

/** The dense level (always unique). */
export const DENSE: LevelFormat<'dense'> = Object.freeze({
  name: 'dense',
  spelling: 'dense',
  unique: true,
  iteration: 'range',
  hasCoordinates: false,
  hasPositions: false,
  appendedAs: () => 'dense',
  positionsLength: () => 0,
  placementProblem: () => undefined,
  segment: (_positions: unknown, p: number, size: number): [number, number] => [
    p * size,
    (p + 1) * size,
  ],
  endsInPositions: undefined,
  segmentEnd: (_positions: unknown, p: number, size: number) => (p + 1) * size,
  positionsFromOffsets: () => new Uint32Array(0),
  checkPositions: () => ({ contiguous: true }),
  emitSegment: () => {
    throw new Error('a dense level is iterated as a range, not a segment');
  },
} satisfies LevelFormat<'dense'>);
