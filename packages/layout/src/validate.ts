import { describeValue } from '@tilekit/errors';
import { LayoutValidationError } from './errors.js';
import { LAYOUT_LIMITS } from './limits.js';
import { isArrayType, primitiveCategory, primitiveTypeFromName } from './primitive-types.js';
import { shownList } from './shown-list.js';
import { type ArrayShape, COMBINE_DIMENSION, type Layout, type Shape } from './types.js';

/** Tuples and `P(...)` nest; a cycle or absurd depth is reported instead of overflowing the stack. */
const MAX_DEPTH = 64;

/** XLA's memory space is an int8. */
const MEMORY_SPACE_MIN = -128;
const MEMORY_SPACE_MAX = 127;

/** One semantic rule: returns what is wrong with `value`, or undefined when it holds. */
interface Rule<T> {
  readonly argument: string;
  readonly problem: (value: T) => string | undefined;
}

const isCount = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

/** Rules XLA applies to any layout (LayoutUtil::ValidateLayoutForShape, Layout's invariants). */
const LAYOUT_RULES: readonly Rule<Layout>[] = [
  {
    argument: 'layout.minorToMajor',
    problem: ({ minorToMajor }) => {
      if (!Array.isArray(minorToMajor)) return 'expected an array';
      if (minorToMajor.length > LAYOUT_LIMITS.maxRank) {
        return `${minorToMajor.length} entries exceed LAYOUT_LIMITS.maxRank (${LAYOUT_LIMITS.maxRank})`;
      }
      const seen = new Set<number>();
      for (const dim of minorToMajor) {
        if (!isCount(dim, 0) || dim >= minorToMajor.length || seen.has(dim)) {
          return `{${shownList(minorToMajor)}} is not a permutation of 0..${minorToMajor.length - 1}`;
        }
        seen.add(dim);
      }
      return undefined;
    },
  },
  {
    argument: 'layout.tiles',
    problem: ({ tiles }) => {
      if (!Array.isArray(tiles)) return 'expected an array of tiles';
      if (tiles.length > LAYOUT_LIMITS.maxTiles) {
        return `${tiles.length} tiles exceed LAYOUT_LIMITS.maxTiles (${LAYOUT_LIMITS.maxTiles})`;
      }
      for (const tile of tiles) {
        if (!Array.isArray(tile) || tile.length === 0)
          return 'a tile is empty: T() has no dimensions';
        if (tile.length > LAYOUT_LIMITS.maxTileRank) {
          return `a tile of ${tile.length} entries exceeds LAYOUT_LIMITS.maxTileRank (${LAYOUT_LIMITS.maxTileRank})`;
        }
        for (const dim of tile) {
          if (dim === COMBINE_DIMENSION) continue;
          if (dim === 0) return `tile (${shownList(tile)}) has a zero dimension`;
          if (!isCount(dim, 1))
            return `tile dimension ${describeValue(dim)} is negative or not an integer`;
        }
        if (tile[tile.length - 1] === COMBINE_DIMENSION) {
          return "a tile cannot end in '*': there is no more minor dimension to combine with";
        }
      }
      return undefined;
    },
  },
  {
    argument: 'layout.tailPaddingAlignmentInElements',
    problem: ({ tailPaddingAlignmentInElements: l }) =>
      isCount(l, 1)
        ? undefined
        : `L(${describeValue(l)}): the alignment must be a positive integer`,
  },
  {
    argument: 'layout.elementSizeInBits',
    problem: ({ elementSizeInBits: e }) =>
      isCount(e, 0)
        ? undefined
        : `E(${describeValue(e)}): the element size must be a non-negative integer`,
  },
  {
    argument: 'layout.memorySpace',
    // XLA keeps S(n) in an int8 and silently wraps larger values (S(128) prints as S(-128)):
    // text outside that range would mean something else to XLA, so it is rejected here.
    problem: ({ memorySpace: s }) =>
      Number.isSafeInteger(s) && s >= MEMORY_SPACE_MIN && s <= MEMORY_SPACE_MAX
        ? undefined
        : `S(${describeValue(s)}): the memory space must be an integer in ${MEMORY_SPACE_MIN}..${MEMORY_SPACE_MAX} (XLA stores it in an int8)`,
  },
  {
    argument: 'layout.dynamicShapeMetadataPrefixBytes',
    problem: ({ dynamicShapeMetadataPrefixBytes: m }) =>
      isCount(m, 0)
        ? undefined
        : `M(${describeValue(m)}): the prefix must be a non-negative integer`,
  },
  {
    argument: 'layout.splitConfigs',
    problem: ({ splitConfigs }) => {
      if (!Array.isArray(splitConfigs)) return 'expected an array';
      // A physical dimension is split at most once, so a longer list is wrong whatever it holds.
      if (splitConfigs.length > LAYOUT_LIMITS.maxRank) {
        return `${splitConfigs.length} split configs exceed LAYOUT_LIMITS.maxRank (${LAYOUT_LIMITS.maxRank})`;
      }
      for (const config of splitConfigs) {
        const { dimension, splitIndices } = isRecord(config)
          ? config
          : { dimension: config, splitIndices: [] };
        if (!isCount(dimension, 0) || !Array.isArray(splitIndices)) {
          return `split dimension ${describeValue(dimension)} must be a non-negative integer`;
        }
        // An index loop, not every(): it stops at the first hole of a holey array.
        for (let i = 0; i < splitIndices.length; i++) {
          if (!isCount(splitIndices[i], 0)) {
            return `split indices (${shownList(splitIndices)}) must be non-negative integers`;
          }
        }
      }
      return undefined;
    },
  },
  ...(['indexPrimitiveType', 'pointerPrimitiveType'] as const).map(
    (field): Rule<Layout> => ({
      argument: `layout.${field}`,
      problem: (layout) => {
        const type = layout[field];
        if (type === undefined) return undefined;
        const known = typeof type === 'string' ? primitiveTypeFromName(type) : undefined;
        return known === type && primitiveCategory(known) === 'unsigned'
          ? undefined
          : `${describeValue(type)} is not an unsigned integer type`;
      },
    }),
  ),
];

/** Rules for an array's type and dimensions, checked before its layout. */
const ARRAY_RULES: readonly Rule<ArrayShape>[] = [
  {
    argument: 'shape.elementType',
    problem: ({ elementType }) =>
      typeof elementType === 'string' &&
      primitiveTypeFromName(elementType) === elementType &&
      isArrayType(elementType)
        ? undefined
        : `${describeValue(elementType)} is not an array element type`,
  },
  {
    argument: 'shape.dimensions',
    problem: ({ dimensions }) => {
      if (!Array.isArray(dimensions)) return 'expected an array';
      if (dimensions.length > LAYOUT_LIMITS.maxRank) {
        return `rank ${dimensions.length} exceeds LAYOUT_LIMITS.maxRank (${LAYOUT_LIMITS.maxRank})`;
      }
      let elements = 1;
      for (const dim of dimensions) {
        if (dim?.kind === 'unbounded') continue;
        if ((dim?.kind !== 'static' && dim?.kind !== 'bounded') || !isCount(dim.size, 0)) {
          return `dimension ${describeDimension(dim)} must be a non-negative integer size, '<=N' or '?'`;
        }
        elements *= dim.size;
      }
      return Number.isSafeInteger(elements)
        ? undefined
        : 'the element count exceeds 2^53-1 (the largest exact JavaScript number)';
    },
  },
  {
    argument: 'shape.layout.minorToMajor',
    problem: ({ dimensions, layout }) => {
      if (!isRecord(layout) || !Array.isArray(layout.minorToMajor))
        return 'expected a Layout object';
      // XLA's own wording (hlo_parser.cc ParseShape).
      return layout.minorToMajor.length === dimensions.length
        ? undefined
        : `Dimensions size is ${dimensions.length}, but minor to major size is ${layout.minorToMajor.length}.`;
    },
  },
];

/**
 * XLA's checks of `SC(dimension:indices)` against the shape: the dimension is a physical one
 * (0 is the most major after minor_to_major), split at most once, and its indices split it
 * strictly inside, in increasing order. An unbounded `?` dimension has no size to split.
 */
function splitConfigProblem({ dimensions, layout }: ArrayShape): string | undefined {
  const rank = dimensions.length;
  const split = new Set<number>();
  for (const { dimension, splitIndices } of layout.splitConfigs) {
    if (dimension >= rank) return `split dimension ${dimension} is not below the rank ${rank}`;
    if (split.has(dimension)) return `physical dimension ${dimension} is split twice`;
    split.add(dimension);
    const logical = layout.minorToMajor[rank - 1 - dimension]!;
    const size = dimensions[logical]!;
    const shown = `SC(${dimension}:${shownList(splitIndices)})`;
    if (size.kind === 'unbounded' && splitIndices.length > 0) {
      return `${shown} splits physical dimension ${dimension}, which is unbounded ('?')`;
    }
    let previous = 0;
    for (const index of splitIndices) {
      if (index <= previous) {
        return `${shown}: split indices must be positive and strictly increasing`;
      }
      if (size.kind !== 'unbounded' && index >= size.size) {
        return `${shown}: split index ${index} is not inside physical dimension ${dimension} (size ${size.size})`;
      }
      previous = index;
    }
  }
  return undefined;
}

/** Rules for the layout of a dense array (everything XLA parses today is dense). */
const DENSE_LAYOUT_RULES: readonly Rule<ArrayShape>[] = [
  ...(
    [
      ['indexPrimitiveType', '#(...)'],
      ['pointerPrimitiveType', '*(...)'],
      ['physicalShape', 'P(...)'],
    ] as const
  ).map(
    ([field, spelling]): Rule<ArrayShape> => ({
      argument: `shape.layout.${field}`,
      problem: ({ layout }) =>
        layout[field] === undefined
          ? undefined
          : `layout has ${spelling} (${field}), but is not for a sparse array`,
    }),
  ),
  {
    argument: 'shape.layout.splitConfigs',
    problem: splitConfigProblem,
  },
];

/** A dimension as a message shows it: its kind and size when it has them. */
function describeDimension(dim: unknown): string {
  if (!isRecord(dim)) return describeValue(dim);
  return `{kind: ${describeValue(dim.kind)}, size: ${describeValue(dim.size)}}`;
}

function check<T>(rules: readonly Rule<T>[], value: T): void {
  for (const rule of rules) {
    const problem = rule.problem(value);
    if (problem !== undefined) throw new LayoutValidationError(rule.argument, problem);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function validateLayoutAt(layout: Layout, depth: number): void {
  if (!isRecord(layout)) throw new LayoutValidationError('layout', 'expected a Layout object');
  check(LAYOUT_RULES, layout);
  if (layout.physicalShape !== undefined) validateShapeAt(layout.physicalShape, depth + 1);
}

function validateShapeAt(shape: Shape, depth: number): void {
  if (depth > MAX_DEPTH)
    throw new LayoutValidationError('shape', `nested deeper than ${MAX_DEPTH}`);
  if (!isRecord(shape)) throw new LayoutValidationError('shape', 'expected a Shape object');
  switch (shape.kind) {
    case 'array':
      check(ARRAY_RULES, shape);
      validateLayoutAt(shape.layout, depth);
      check(DENSE_LAYOUT_RULES, shape);
      return;
    case 'tuple':
      if (!Array.isArray(shape.elements))
        throw new LayoutValidationError('shape', 'tuple without elements');
      for (const element of shape.elements) validateShapeAt(element, depth + 1);
      return;
    case 'buffer':
      if (!isRecord(shape.buffer) || shape.buffer.kind !== 'array') {
        throw new LayoutValidationError('shape', 'a buffer b(...) must hold an array shape');
      }
      validateShapeAt(shape.buffer, depth + 1);
      return;
    case 'token':
    case 'opaque':
      return;
    default:
      throw new LayoutValidationError(
        'shape',
        `unknown shape kind ${describeValue((shape as { kind?: unknown }).kind)}`,
      );
  }
}

/**
 * Checks a shape against XLA's semantic rules (ShapeUtil::ValidateShape and
 * LayoutUtil::ValidateLayoutForShape, split configs included, plus the tile rules of this
 * package) and returns it. An element count past 2^53-1 is rejected (XLA allows int64).
 * @throws LayoutValidationError naming the offending field.
 */
export function validateShape<S extends Shape>(shape: S): S {
  validateShapeAt(shape, 0);
  return shape;
}

/**
 * Checks the rules that hold for any layout, with no shape at hand: minor_to_major is a
 * permutation, tiles are non-empty with positive sizes or `*` (never last), `L >= 1`,
 * `E`, `M`, `SC` non-negative, `S` in -128..127 (XLA's int8), `#`/`*` unsigned integer types.
 * The split configs' checks against the dimensions are `validateShape`'s.
 * @throws LayoutValidationError naming the offending field.
 */
export function validateLayout(layout: Layout): Layout {
  validateLayoutAt(layout, 0);
  return layout;
}
