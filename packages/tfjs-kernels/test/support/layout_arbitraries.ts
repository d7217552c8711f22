/** fast-check generators of random tensors and XLA layouts for the relayout property tests. */
import { inverseMap, physicalElementCount } from '@tilekit/layout';
import fc from 'fast-check';

/** One random layout: minor_to_major, tiles (entries > 0 or '*'), optional L(n). */
export function layoutText(rank: number): fc.Arbitrary<string> {
  const tileEntry = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 4 }).map(String) },
    { weight: 1, arbitrary: fc.constant('*') },
  );
  const tile = fc
    .integer({ min: 1, max: rank + 1 })
    .chain((length) =>
      fc.tuple(
        fc.array(tileEntry, { minLength: length - 1, maxLength: length - 1 }),
        fc.integer({ min: 1, max: 4 }),
      ),
    )
    // A tile may not end in '*' (nothing more minor to combine with).
    .map(([head, last]) => `(${[...head, String(last)].join(',')})`);
  return fc
    .record({
      minorToMajor: fc.shuffledSubarray(
        Array.from({ length: rank }, (_, d) => d),
        { minLength: rank, maxLength: rank },
      ),
      tiles: fc.array(tile, { minLength: 0, maxLength: 2 }),
      tail: fc.option(fc.integer({ min: 2, max: 8 }), { freq: 4 }),
    })
    .map(({ minorToMajor, tiles, tail }) => {
      // Repeated tiles are written XLA's way, one T then each tile: T(8,128)(2,1).
      const attributes =
        (tiles.length > 0 ? `T${tiles.join('')}` : '') + (tail === null ? '' : `L(${tail})`);
      return `{${minorToMajor.join(',')}${attributes ? `:${attributes}` : ''}}`;
    });
}

export type LayoutDtype = 'float32' | 'int32' | 'bool';

/** A tensor description: dtype, dims, values, a pad value and two layouts for it. */
export interface RelayoutCase {
  readonly dtype: LayoutDtype;
  readonly dims: number[];
  readonly values: number[];
  readonly padValue: number;
  readonly layout: string;
  readonly otherLayout: string;
}

const arbitraryValue: Record<LayoutDtype, fc.Arbitrary<number>> = {
  float32: fc.integer({ min: -512, max: 512 }).map((v) => v / 8),
  int32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  bool: fc.integer({ min: 0, max: 1 }),
};

/** Random relayout cases over ranks 1..4, dims 1..7 and all three dtypes. */
export const relayoutCase: fc.Arbitrary<RelayoutCase> = fc
  .record({
    dtype: fc.constantFrom<LayoutDtype>('float32', 'int32', 'bool'),
    dims: fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 4 }),
  })
  .chain(({ dtype, dims }) => {
    const size = dims.reduce((a, b) => a * b, 1);
    return fc.record({
      dtype: fc.constant(dtype),
      dims: fc.constant(dims),
      values: fc.array(arbitraryValue[dtype], { minLength: size, maxLength: size }),
      padValue: arbitraryValue[dtype],
      layout: layoutText(dims.length),
      otherLayout: layoutText(dims.length),
    });
  });

const PRIMITIVE = { float32: 'f32', int32: 's32', bool: 'pred' } as const;

/** XLA shape text of a case's tensor under `layout`, e.g. `f32[3,5]{1,0:T(2,2)}`. */
export const caseShape = (c: RelayoutCase, layout: string) =>
  `${PRIMITIVE[c.dtype]}[${c.dims.join(',')}]${layout}`;

/** Whether `@tilekit/layout` accepts both layouts for these dims (some random tiles are illegal). */
export function layoutsAccepted(c: RelayoutCase): boolean {
  try {
    physicalElementCount(caseShape(c, c.layout));
    physicalElementCount(caseShape(c, c.otherLayout));
    return true;
  } catch {
    return false;
  }
}

/** The physical buffer `layout` gives the case: values through the inverse map, pads elsewhere. */
export function expectedPhysical(c: RelayoutCase, layout: string): number[] {
  return Array.from(inverseMap(caseShape(c, layout)), (l) => (l >= 0 ? c.values[l]! : c.padValue));
}
