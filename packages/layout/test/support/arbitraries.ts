/**
 * fast-check arbitraries of this package's shape and layout ASTs over XLA's whole grammar
 * (tuples, buffers, token, opaque, sparse attributes, split configs, `?` dimensions), for the
 * parser/printer round trip. Tiles and orders come from `@tilekit/conformance`'s generators;
 * layouts for index semantics are in indexed-shapes.ts.
 */
import { permutations, tiles } from '@tilekit/conformance/testing';
import fc from 'fast-check';
import {
  type ArrayShape,
  type Dimension,
  type Layout,
  PRIMITIVE_TYPES,
  type PrimitiveType,
  physicalElementCount,
  type Shape,
  type SplitConfig,
  type Tile,
} from '../../src/index.js';

const ARRAY_TYPES = PRIMITIVE_TYPES.filter((type) => type !== 'token' && type !== 'opaque');
const UNSIGNED_TYPES: readonly PrimitiveType[] = ['u1', 'u2', 'u4', 'u8', 'u16', 'u32', 'u64'];

export const arbArrayElementType: fc.Arbitrary<PrimitiveType> = fc.constantFrom(...ARRAY_TYPES);

/** A dimension size 0..maxSize, zero rarely (empty arrays are legal but uninteresting). */
export const arbDimSize = (maxSize = 6): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 12, arbitrary: fc.integer({ min: 1, max: maxSize }) },
  );

/** Static or bounded-dynamic dimension (index functions accept both; `?` is tested separately). */
export const arbDimension = (maxSize = 6): fc.Arbitrary<Dimension> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: arbDimSize(maxSize).map((size): Dimension => ({ kind: 'static', size })),
    },
    {
      weight: 1,
      arbitrary: arbDimSize(maxSize).map((size): Dimension => ({ kind: 'bounded', size })),
    },
  );

/** 0..maxTiles tiles of 1..rank+1 entries each (1..4 or `*`, never ending in `*`). */
const arbTiles = (rank: number, maxTiles = 3): fc.Arbitrary<Tile[]> =>
  fc.array(
    fc.integer({ min: 1, max: rank + 1 }).chain((length) => tiles(length, 4, true)),
    { maxLength: maxTiles },
  );

/** `E(n)`: mostly the natural width (0), else 1..64 bits. */
export const arbElementSizeInBits: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 64 }) },
);

const arbSplitConfigs = (rank: number): fc.Arbitrary<SplitConfig[]> =>
  rank === 0
    ? fc.constant([])
    : fc.array(
        fc.record({
          dimension: fc.integer({ min: 0, max: rank - 1 }),
          splitIndices: fc
            .uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 3 })
            .map((xs) => xs.sort((a, b) => a - b)),
        }),
        { maxLength: 2 },
      );

/** The dense-array attributes besides tiles, mostly at their defaults. */
const arbDenseAttributes = (rank: number) =>
  fc.record({
    tailPaddingAlignmentInElements: fc.oneof(
      { weight: 3, arbitrary: fc.constant(1) },
      { weight: 1, arbitrary: fc.integer({ min: 2, max: 9 }) },
    ),
    elementSizeInBits: arbElementSizeInBits,
    memorySpace: fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: -128, max: 127 }) },
    ),
    splitConfigs: fc.oneof(
      { weight: 3, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: arbSplitConfigs(rank) },
    ),
    dynamicShapeMetadataPrefixBytes: fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 16 }) },
    ),
  });

/** A valid dense layout for `rank`. */
export const arbDenseLayout = (rank: number, maxTiles = 3): fc.Arbitrary<Layout> =>
  fc
    .tuple(permutations(rank), arbTiles(rank, maxTiles), arbDenseAttributes(rank))
    .map(([minorToMajor, tiles, attributes]): Layout => ({ minorToMajor, tiles, ...attributes }));

export interface ArrayShapeOptions {
  readonly maxRank?: number;
  readonly maxDimSize?: number;
  readonly maxTiles?: number;
  /** Reject shapes whose physical buffer is larger (keeps whole-array checks fast). */
  readonly maxPhysicalElements?: number;
}

/**
 * The split configs XLA accepts on `shape`: one per physical dimension at most, indices strictly
 * inside its size, none on an unbounded `?` dimension. Others are dropped or trimmed.
 */
export function fitSplitConfigs(shape: ArrayShape): ArrayShape {
  const { dimensions, layout } = shape;
  const rank = dimensions.length;
  const seen = new Set<number>();
  const splitConfigs: SplitConfig[] = [];
  for (const config of layout.splitConfigs) {
    if (config.dimension >= rank || seen.has(config.dimension)) continue;
    seen.add(config.dimension);
    const dim = dimensions[layout.minorToMajor[rank - 1 - config.dimension]!]!;
    const size = dim.kind === 'unbounded' ? 0 : dim.size;
    splitConfigs.push({
      dimension: config.dimension,
      splitIndices: config.splitIndices.filter((index) => index < size),
    });
  }
  return { ...shape, layout: { ...layout, splitConfigs } };
}

/** A valid dense array shape with a random (often tiled) layout. */
export const arbArrayShape = (options: ArrayShapeOptions = {}): fc.Arbitrary<ArrayShape> => {
  const { maxRank = 4, maxDimSize = 6, maxTiles = 3, maxPhysicalElements = 4096 } = options;
  return fc
    .integer({ min: 0, max: maxRank })
    .chain((rank) =>
      fc.record({
        kind: fc.constant('array' as const),
        elementType: arbArrayElementType,
        dimensions: fc.array(arbDimension(maxDimSize), { minLength: rank, maxLength: rank }),
        layout: arbDenseLayout(rank, maxTiles),
      }),
    )
    .map(fitSplitConfigs)
    .filter((shape) => physicalElementCount(shape) <= maxPhysicalElements);
};

/** Any shape: arrays (also with `?` dimensions), tuples (nested), buffers, token, opaque. */
export const arbShape = (maxDepth = 2): fc.Arbitrary<Shape> => {
  const arrayWithUnbounded = arbArrayShape({ maxPhysicalElements: Number.MAX_SAFE_INTEGER }).chain(
    (shape) =>
      fc
        .array(fc.boolean(), {
          minLength: shape.dimensions.length,
          maxLength: shape.dimensions.length,
        })
        .map(
          (unbounded): ArrayShape =>
            fitSplitConfigs({
              ...shape,
              dimensions: shape.dimensions.map(
                (dim, i): Dimension => (unbounded[i] && i % 3 === 0 ? { kind: 'unbounded' } : dim),
              ),
            }),
        ),
  );
  const leaf: fc.Arbitrary<Shape> = fc.oneof(
    { weight: 6, arbitrary: arrayWithUnbounded },
    { weight: 1, arbitrary: arbArrayShape().map((buffer): Shape => ({ kind: 'buffer', buffer })) },
    { weight: 1, arbitrary: fc.constantFrom<Shape>({ kind: 'token' }, { kind: 'opaque' }) },
  );
  if (maxDepth <= 0) return leaf;
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc
        .array(arbShape(maxDepth - 1), { maxLength: 7 })
        .map((elements): Shape => ({ kind: 'tuple', elements })),
    },
  );
};

/** A bare layout, which may also carry the sparse-only `#(...)`, `*(...)` and `P(...)`. */
export const arbBareLayout: fc.Arbitrary<Layout> = fc.integer({ min: 0, max: 4 }).chain((rank) =>
  fc
    .tuple(
      arbDenseLayout(rank),
      fc.option(fc.constantFrom(...UNSIGNED_TYPES), { nil: undefined }),
      fc.option(fc.constantFrom(...UNSIGNED_TYPES), { nil: undefined }),
      fc.option(arbArrayShape({ maxTiles: 1 }), { nil: undefined }),
    )
    .map(
      ([layout, indexType, pointerType, physicalShape]): Layout => ({
        ...layout,
        ...(indexType !== undefined ? { indexPrimitiveType: indexType } : {}),
        ...(pointerType !== undefined ? { pointerPrimitiveType: pointerType } : {}),
        ...(physicalShape !== undefined ? { physicalShape } : {}),
      }),
    ),
);
