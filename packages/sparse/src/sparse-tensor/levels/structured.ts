/**
 * `structured[n, m]`: n:m structured sparsity (2:4 is what GPUs accelerate), MLIR's
 * `structured[n, m]` level as in its `sparse_ds.mlir`. The level stores a dimension's offset
 * in a group of `m` (`j mod m`, below a dense `j floordiv m` level) and keeps exactly `n`
 * coordinates per group, increasing: a group with fewer entries is padded with stored zeros at
 * its smallest unused offsets, a group with more than `n` cannot be stored. No positions
 * array: group `p`'s coordinates are `[p * n, (p + 1) * n)`.
 */
import type { LevelFormat } from './level-format.js';

/** The spelling of a structured level. */
export type StructuredSpelling = `structured[${number}, ${number}]`;

const SPELLING = /^structured\[\s*(\d+)\s*,\s*(\d+)\s*\]$/;

const made = new Map<string, LevelFormat<StructuredSpelling>>();

/** The `structured[n, m]` level object, or `undefined` where `spelling` names none. */
export function structuredLevel(spelling: string): LevelFormat<StructuredSpelling> | undefined {
  const known = made.get(spelling);
  if (known !== undefined) return known;
  const level = newStructuredLevel(spelling);
  if (level !== undefined && made.size < 64) made.set(spelling, level);
  return level;
}

function newStructuredLevel(spelling: string): LevelFormat<StructuredSpelling> | undefined {
  const m = SPELLING.exec(spelling);
  if (m === null) return undefined;
  const n = Number(m[1]);
  const group = Number(m[2]);
  if (!Number.isSafeInteger(group) || n < 1 || n > group) return undefined;
  const canonical: StructuredSpelling = `structured[${n}, ${group}]`;
  return Object.freeze({
    name: 'structured',
    spelling: canonical,
    unique: true,
    iteration: 'positions',
    hasCoordinates: true,
    hasPositions: false,
    slotsPerParent: n,
    groupSize: group,
    // Kernels append in order; the groups are padded by converting the result.
    appendedAs: () => 'compressed',
    positionsLength: () => 0,
    placementProblem: (parent: LevelFormat | undefined) =>
      parent === undefined || parent.iteration === 'range'
        ? undefined
        : `a ${canonical} level keeps ${n} of every ${group} coordinates of a group, so it must follow a dense level (the group index 'd floordiv ${group} : dense'), got '${parent.spelling}'`,
    segment: (_positions: unknown, p: number): [number, number] => [p * n, (p + 1) * n],
    endsInPositions: undefined,
    segmentEnd: (_positions: unknown, p: number) => (p + 1) * n,
    positionsFromOffsets: () => new Uint32Array(0),
    checkPositions: () => ({ contiguous: true }),
    emitSegment: ({ b, c, parent }) => {
      const lo = parent === undefined ? c(0) : b.muli(parent, c(n));
      return { lo, hi: b.addi(lo, c(n)) };
    },
  } satisfies LevelFormat<StructuredSpelling>);
}
