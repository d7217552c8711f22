/**
 * fast-check generator of XLA layout text for a rank: any minor_to_major, zero to three tile
 * levels (`T(a,b)(c,d)...`, entries 1..4 or `*`, tiles shorter or longer than the shape) and an
 * optional `L(n)` tail.
 */
import fc from 'fast-check';

const tileEntry = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 4 }).map(String) },
  { weight: 1, arbitrary: fc.constant('*') },
);

/** One tile: entries, never ending in `*` (nothing more minor to combine with). */
function tile(rank: number): fc.Arbitrary<string> {
  return fc
    .integer({ min: 1, max: rank + 1 })
    .chain((length) =>
      fc.tuple(
        fc.array(tileEntry, { minLength: length - 1, maxLength: length - 1 }),
        fc.integer({ min: 1, max: 4 }),
      ),
    )
    .map(([head, last]) => `(${[...head, String(last)].join(',')})`);
}

/** Layout text such as `{0,2,1:T(2,4)(2,1)L(4)}`. */
export function layoutText(rank: number): fc.Arbitrary<string> {
  return fc
    .record({
      minorToMajor: fc.shuffledSubarray(
        Array.from({ length: rank }, (_, d) => d),
        { minLength: rank, maxLength: rank },
      ),
      tiles: fc.array(tile(rank), { minLength: 0, maxLength: 3 }),
      tail: fc.option(fc.integer({ min: 2, max: 8 }), { freq: 4 }),
    })
    .map(({ minorToMajor, tiles, tail }) => {
      const attributes =
        (tiles.length > 0 ? `T${tiles.join('')}` : '') + (tail === null ? '' : `L(${tail})`);
      return `{${minorToMajor.join(',')}${attributes ? `:${attributes}` : ''}}`;
    });
}
