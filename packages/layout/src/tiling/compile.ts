import { LayoutValidationError } from '../errors.js';
import { type ShapeInput, toArrayShape } from '../input.js';
import type { ArrayShape } from '../types.js';
import { planTileLevels, product, type TileLevel } from './levels.js';

/**
 * Everything the index, size, map and plan functions need about one array shape, derived once:
 * the permutation to physical order, every tile level, the fully expanded dimensions and
 * which logical axes `*` mixes together.
 */
export interface CompiledLayout {
  readonly shape: ArrayShape;
  /** Logical sizes, most major first (a bounded dimension counts as its bound). */
  readonly logicalDims: readonly number[];
  /** Logical axis of each physical dimension, most major first (minor_to_major reversed). */
  readonly physicalAxes: readonly number[];
  readonly physicalDims: readonly number[];
  readonly levels: readonly TileLevel[];
  /** Fully expanded physical dimensions, most major first. */
  readonly expandedDims: readonly number[];
  /** Product of `expandedDims`: every tile's padding included, before `L`. */
  readonly expandedCount: number;
  /** `expandedCount` rounded up to a multiple of `L`. */
  readonly physicalCount: number;
  readonly logicalCount: number;
  /**
   * Logical axes whose coordinates `*` folds together, each group ascending. Without `*` every
   * axis is its own group, and the physical offset is a sum of one term per group.
   */
  readonly axisGroups: readonly (readonly number[])[];
  /** Longest dimension list any level passes through (scratch size for index walks). */
  readonly maxRank: number;
}

/** Disjoint sets over logical axes, for the groups `*` creates. */
function groupAxes(rank: number, physicalAxes: readonly number[], levels: readonly TileLevel[]) {
  const parent = Array.from({ length: rank }, (_, axis) => axis);
  const find = (axis: number): number => {
    while (parent[axis] !== axis) axis = parent[axis]!;
    return axis;
  };
  // Each current dimension remembers one logical axis it depends on (-1: a prepended unit dim).
  let sources = [...physicalAxes];
  for (const level of levels) {
    sources = [...new Array<number>(level.prepend).fill(-1), ...sources];
    for (const { at } of level.merges) {
      const major = sources[at]!;
      const minor = sources[at + 1]!;
      if (major >= 0 && minor >= 0) parent[find(major)] = find(minor);
      sources.splice(at, 2, minor >= 0 ? minor : major);
    }
    sources = [...sources, ...sources.slice(sources.length - level.tile.length)];
  }
  const groups = new Map<number, number[]>();
  for (let axis = 0; axis < rank; axis++) {
    const root = find(axis);
    const group = groups.get(root) ?? [];
    group.push(axis);
    groups.set(root, group);
  }
  return [...groups.values()];
}

/**
 * Logical sizes, a bound counting as its size.
 * @throws LayoutValidationError for an unbounded `?` dimension, which has no size.
 */
export function staticSizes(shape: ArrayShape): number[] {
  return shape.dimensions.map((dim, axis) => {
    if (dim.kind === 'unbounded') {
      throw new LayoutValidationError(
        'shape',
        `dimension ${axis} is unbounded ('?'): index and size functions need a static size or a bound '<=N'`,
      );
    }
    return dim.size;
  });
}

function compile(shape: ArrayShape): CompiledLayout {
  const logicalDims = staticSizes(shape);
  const { minorToMajor, tiles, tailPaddingAlignmentInElements: alignment } = shape.layout;
  const physicalAxes = [...minorToMajor].reverse();
  const physicalDims = physicalAxes.map((axis) => logicalDims[axis]!);
  const levels = planTileLevels(physicalDims, tiles);
  // A `*` can multiply sizes past 2^53 even when another dimension is 0 and the count is small.
  for (const level of levels) {
    if (!level.combinedDims.every(Number.isSafeInteger)) {
      throw new LayoutValidationError(
        'shape',
        `'*' combines dimensions into [${level.combinedDims.join(',')}], beyond 2^53-1 (the largest exact JavaScript number)`,
      );
    }
  }
  const expandedDims = levels.at(-1)?.outputDims ?? physicalDims;
  // Exact in bigint, so a count just below 2^53 is never rounded (and one above is an error).
  let exactExpanded = 1n;
  for (const dim of expandedDims) exactExpanded *= BigInt(dim);
  const step = BigInt(alignment);
  const exactPhysical = ((exactExpanded + step - 1n) / step) * step;
  if (exactPhysical > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new LayoutValidationError(
      'shape',
      `the physical element count ${exactPhysical} exceeds 2^53-1 (the largest exact JavaScript number)`,
    );
  }
  const expandedCount = Number(exactExpanded);
  const physicalCount = Number(exactPhysical);
  let maxRank = physicalDims.length;
  for (const level of levels) {
    maxRank = Math.max(maxRank, level.inputDims.length + level.prepend, level.outputDims.length);
  }
  return {
    shape,
    logicalDims,
    physicalAxes,
    physicalDims,
    levels,
    expandedDims,
    expandedCount,
    physicalCount,
    logicalCount: product(logicalDims),
    axisGroups: groupAxes(logicalDims.length, physicalAxes, levels),
    maxRank,
  };
}

// Shapes are immutable, so a compiled layout can be reused for as long as its shape lives.
const compiledByShape = new WeakMap<ArrayShape, CompiledLayout>();
const compiledByText = new Map<string, CompiledLayout>();
const TEXT_CACHE_LIMIT = 256;

/**
 * Validates and compiles a shape (text or object), memoised per shape object and per text.
 * @throws LayoutSyntaxError / LayoutValidationError.
 */
export function compileLayout(input: ShapeInput, argument = 'shape'): CompiledLayout {
  if (typeof input === 'string') {
    const cached = compiledByText.get(input);
    if (cached !== undefined) return cached;
    const compiled = compileLayout(toArrayShape(input, argument), argument);
    if (compiledByText.size >= TEXT_CACHE_LIMIT) compiledByText.clear();
    compiledByText.set(input, compiled);
    return compiled;
  }
  const cached =
    typeof input === 'object' && input !== null
      ? compiledByShape.get(input as ArrayShape)
      : undefined;
  if (cached !== undefined) return cached;
  const shape = toArrayShape(input, argument);
  const compiled = compile(shape);
  compiledByShape.set(shape, compiled);
  return compiled;
}
