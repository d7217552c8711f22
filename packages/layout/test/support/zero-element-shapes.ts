/**
 * Random shape text with at least one dimension of size 0, in any dimension order, with tiles
 * and trailing layout attributes: the inputs of the properties that hold for every shape with
 * no element (its sizes are 0, its memory map is one note).
 */
import fc from 'fast-check';

/** What one property's zero-element shapes are made of. */
export interface ZeroElementShapePieces {
  /** The sizes of the other dimensions. */
  readonly otherDims: fc.Arbitrary<number>;
  /** One tile's dimensions, as written between the parentheses of `T(...)`. */
  readonly tile: fc.Arbitrary<string[]>;
  /** How many tiles at most. */
  readonly maxTiles: number;
  /** Attributes written after the tiles (`''`, `L(3)`, `E(4)` ...). */
  readonly tails: readonly string[];
  /** The element type. */
  readonly type: fc.Arbitrary<string>;
}

/** Shape text of rank 1 to 5 whose dimension at a random position is 0. */
export function zeroElementShapeArb(pieces: ZeroElementShapePieces): fc.Arbitrary<string> {
  return fc.integer({ min: 1, max: 5 }).chain((rank) =>
    fc
      .tuple(
        fc.array(pieces.otherDims, { minLength: rank, maxLength: rank }),
        fc.integer({ min: 0, max: rank - 1 }),
        fc.shuffledSubarray(
          Array.from({ length: rank }, (_, d) => d),
          { minLength: rank, maxLength: rank },
        ),
        fc.array(pieces.tile, { maxLength: pieces.maxTiles }),
        fc.constantFrom(...pieces.tails),
        pieces.type,
      )
      .map(([dims, zeroAt, order, tiles, tail, type]) => {
        const sizes = dims.map((d, i) => (i === zeroAt ? 0 : d));
        const tileText = tiles.map((t) => `(${t.join(',')})`).join('');
        const attributes = (tileText === '' ? '' : `T${tileText}`) + tail;
        return `${type}[${sizes.join(',')}]{${order.join(',')}${attributes === '' ? '' : `:${attributes}`}}`;
      }),
  );
}
