import type { ShapeInput } from '../input.js';
import { compileLayout } from '../tiling/compile.js';
import type { TileLevel } from '../tiling/levels.js';

/** `tf.transpose(x, perm)`: output dimension i is input dimension `perm[i]`. */
export interface TransposeStep {
  readonly op: 'transpose';
  readonly perm: readonly number[];
}

/** `tf.pad(x, paddings, value)`: `[before, after]` per dimension; `before` is always 0 here. */
export interface PadStep {
  readonly op: 'pad';
  readonly paddings: readonly (readonly [number, number])[];
}

/** `tf.reshape(x, shape)`: same elements, row-major, new dimensions. */
export interface ReshapeStep {
  readonly op: 'reshape';
  readonly shape: readonly number[];
}

export type RelayoutStep = TransposeStep | PadStep | ReshapeStep;

/**
 * The seed document's pad → reshape → transpose decomposition of a layout, as data. Applied to
 * a row-major logical tensor of `logicalShape` it yields the flat physical buffer of
 * `physicalElementCount` elements (padding slots hold the pad value).
 */
export interface RelayoutPlan {
  readonly logicalShape: readonly number[];
  readonly steps: readonly RelayoutStep[];
  readonly physicalElementCount: number;
}

const isIdentity = (perm: readonly number[]): boolean => perm.every((axis, i) => axis === i);
const sameDims = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((size, i) => size === b[i]);

/** Steps for one tile level, starting from a tensor of `level.inputDims`. */
function levelSteps(level: TileLevel): RelayoutStep[] {
  const steps: RelayoutStep[] = [];
  const { combinedDims, tile } = level;
  // Prepending unit dims and combining `*` dims are both reshapes (row-major bitcasts).
  if (!sameDims(combinedDims, level.inputDims)) steps.push({ op: 'reshape', shape: combinedDims });
  const prefix = combinedDims.length - tile.length;
  const paddings = combinedDims.map((size, d): [number, number] => {
    if (d < prefix) return [0, 0];
    const tileSize = tile[d - prefix]!;
    return [0, Math.ceil(size / tileSize) * tileSize - size];
  });
  if (paddings.some(([, after]) => after > 0)) steps.push({ op: 'pad', paddings });
  // Split each tiled dim into (count, size), then move every size after every count.
  const split = [
    ...combinedDims.slice(0, prefix),
    ...tile.flatMap((size, j) => [Math.ceil(combinedDims[prefix + j]! / size), size]),
  ];
  steps.push({ op: 'reshape', shape: split });
  const perm = Array.from({ length: prefix }, (_, d) => d);
  for (let j = 0; j < tile.length; j++) perm.push(prefix + 2 * j);
  for (let j = 0; j < tile.length; j++) perm.push(prefix + 2 * j + 1);
  if (!isIdentity(perm)) steps.push({ op: 'transpose', perm });
  return steps;
}

/**
 * Decomposes `shape`'s layout into stock tensor ops: a transpose for minor_to_major, then per
 * tile a reshape (unit dims for tiles longer than the shape, `*` combining), a pad up to whole
 * tiles, a reshape splitting each dimension into (tile count, tile size) and a transpose moving
 * the tile sizes innermost; finally a flattening reshape and, for `L(n)`, a pad of the tail.
 * No-op steps are left out. Applying it to iota gives exactly `inverseMap` (pad value -1).
 */
export function relayoutPlan(shape: ShapeInput): RelayoutPlan {
  const compiled = compileLayout(shape);
  const steps: RelayoutStep[] = [];
  if (!isIdentity(compiled.physicalAxes))
    steps.push({ op: 'transpose', perm: compiled.physicalAxes });
  for (const level of compiled.levels) steps.push(...levelSteps(level));
  const { expandedDims, expandedCount, physicalCount } = compiled;
  if (!sameDims(expandedDims, [expandedCount]))
    steps.push({ op: 'reshape', shape: [expandedCount] });
  if (physicalCount > expandedCount) {
    steps.push({ op: 'pad', paddings: [[0, physicalCount - expandedCount]] });
  }
  return { logicalShape: compiled.logicalDims, steps, physicalElementCount: physicalCount };
}
