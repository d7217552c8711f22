/**
 * Where a level's positions array keeps each parent's segment: parent `p`'s children are
 * `[positions[stride * p], positions[stride * p + 1])`, one shared boundary per parent
 * (`stride` 1: compressed) or a pair of its own (`stride` 2: loose compressed), on the host
 * and in emitted loop IR.
 */
import type { Value } from '@tilekit/loop-ir';
import type { LevelFormat } from './level-format.js';

/** The segment accessors of a level whose positions array holds segments at `stride`. */
export function positionsSegments(
  stride: 1 | 2,
): Pick<LevelFormat, 'segment' | 'segmentEnd' | 'endsInPositions' | 'emitSegment'> {
  return {
    segment: (positions: ArrayLike<number> | undefined, p: number): [number, number] => {
      const pos = positions as ArrayLike<number>;
      return [pos[stride * p] as number, pos[stride * p + 1] as number];
    },
    endsInPositions: { start: 1, stride },
    segmentEnd: (positions: ArrayLike<number> | undefined, p: number) =>
      (positions as ArrayLike<number>)[stride * p + 1] as number,
    emitSegment: ({ b, c, load, positions, parent }) => {
      const pos = positions as Value;
      if (parent === undefined) return { lo: load(pos, c(0)), hi: load(pos, c(1)) };
      const at = stride === 1 ? parent : b.muli(parent, c(stride));
      return { lo: load(pos, at), hi: load(pos, b.addi(at, c(1))) };
    },
  };
}
