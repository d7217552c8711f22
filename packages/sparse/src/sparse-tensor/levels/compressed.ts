/**
 * `compressed`: the stored coordinates of all parents in one array, parent `p`'s segment
 * being `[positions[p], positions[p + 1])` (TACO's `CompressedModeFormat`, MLIR's compressed
 * level). Segments are contiguous, so the positions array has one entry per parent plus one.
 * With `(nonunique)` a coordinate may repeat in a segment: the head of a COO chain, whose
 * tuples continue in the singleton levels below.
 */
import type { Value } from '@tilekit/loop-ir';
import type { LevelFormat } from './level-format.js';
import { checkNonDecreasing } from './positions-order.js';

/** The compressed level with its spelling (`(nonunique)` or not). */
function compressedLevel<S extends string>(spelling: S, unique: boolean): LevelFormat<S> {
  return Object.freeze({
    name: 'compressed',
    spelling,
    unique,
    iteration: 'positions',
    hasCoordinates: true,
    hasPositions: true,
    appendedAs: () => spelling,
    positionsLength: (parents: number) => parents + 1,
    placementProblem: () => undefined,
    segment: (positions: ArrayLike<number> | undefined, p: number): [number, number] => {
      const pos = positions as ArrayLike<number>;
      return [pos[p] as number, pos[p + 1] as number];
    },
    endsInPositions: { start: 1, stride: 1 },
    segmentEnd: (positions: ArrayLike<number> | undefined, p: number) =>
      (positions as ArrayLike<number>)[p + 1] as number,
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
    emitSegment: ({ b, c, load, positions, parent }) => {
      const pos = positions as Value;
      if (parent === undefined) return { lo: load(pos, c(0)), hi: load(pos, c(1)) };
      return { lo: load(pos, parent), hi: load(pos, b.addi(parent, c(1))) };
    },
  } satisfies LevelFormat<S>);
}

/** The compressed level types: unique, and `(nonunique)`. */
export const COMPRESSED_LEVELS = [
  compressedLevel('compressed', true),
  compressedLevel('compressed(nonunique)', false),
] as const;
