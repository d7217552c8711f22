/**
 * Random calls of the five ops for the differential suites (the same call on `cpu` and on the
 * backend under test must agree bit for bit), shared by the WebGL, WebGPU and wasm suites. What
 * differs between backends is which values their passes take (WebGL carries int32 in floats,
 * exact to ±2^24), so each suite passes its own `ValueDomain`, and whether rejected calls are
 * drawn too.
 */
import fc from 'fast-check';
import { sizeFromShape } from '../../../src/util/shape-size.js';
import { layoutTextFor } from '../layout-arbitraries.js';
import type { LayoutCase, LayoutDtype } from './layout-cases.js';
import { gatherAttrs, type IndexResidence, scatterAttrs, type TileCase } from './tile-cases.js';

/** The values and pad values a suite draws, per dtype. */
export interface ValueDomain {
  /** `length` data values of `dtype`. */
  readonly values: (dtype: LayoutDtype, length: number) => fc.Arbitrary<number[]>;
  /** A pad value of `dtype`. */
  readonly pad: (dtype: LayoutDtype) => fc.Arbitrary<number>;
}

/** Float32 values with the specials that data movement must keep: -0, NaN, ±Inf, subnormals. */
export const float32Value = fc.oneof(
  { weight: 8, arbitrary: fc.float({ noDefaultInfinity: false }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1e-45,
      -1e-45,
      3e-39,
      -3e-39,
    ),
  },
);

/** `length` values drawn from `value`. */
export function valuesFrom(value: fc.Arbitrary<number>, length: number): fc.Arbitrary<number[]> {
  return fc.array(value, { minLength: length, maxLength: length });
}

/** Every int32. */
export const anyInt32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });

/** Values and pads over each dtype's whole range, for backends that store int32 as int32. */
export const fullRangeValues: ValueDomain = {
  values: (dtype, length) =>
    valuesFrom(
      dtype === 'bool'
        ? fc.integer({ min: 0, max: 1 })
        : dtype === 'int32'
          ? anyInt32
          : float32Value,
      length,
    ),
  pad: (dtype) => {
    if (dtype === 'bool') return fc.integer({ min: 0, max: 1 });
    if (dtype === 'int32') return anyInt32;
    return float32Value.map(Math.fround);
  },
};

/** Which calls a tile case draws beyond the ones every backend must run. */
export interface TileCaseOptions {
  /**
   * Also `bounds: 'error'` (a quarter of the draws), whose out-of-range offsets the ops reject.
   */
  readonly rejections: boolean;
}

/** A random relayout-family call: ranks 1..6, any layout the generator writes; dims shrink with rank. */
export function layoutCaseArbitrary(
  op: LayoutCase['op'],
  domain: ValueDomain,
): fc.Arbitrary<LayoutCase> {
  return fc
    .record({
      dtype: fc.constantFrom<LayoutDtype>('float32', 'int32', 'bool'),
      rank: fc.integer({ min: 1, max: 6 }),
    })
    .chain(({ dtype, rank }) =>
      fc
        .array(fc.integer({ min: 1, max: rank <= 3 ? 9 : 4 }), { minLength: rank, maxLength: rank })
        .chain((dims) =>
          fc.record({
            op: fc.constant(op),
            dtype: fc.constant(dtype),
            dims: fc.constant(dims),
            values: domain.values(dtype, sizeFromShape(dims)),
            layout: layoutTextFor(dims, 3),
            to: layoutTextFor(dims, 3),
            padValue: domain.pad(dtype),
          }),
        ),
    );
}

/**
 * A random TSCATTER/TGATHER call (4-byte data, rows mostly 32-byte aligned): batches,
 * valid regions, duplicate and out-of-range offsets (skipped), assign/add and all/lastWriter,
 * and where the indices live.
 */
export function tileCaseArbitrary(
  kernel: TileCase['kernel'],
  domain: ValueDomain,
  options: TileCaseOptions = { rejections: false },
): fc.Arbitrary<{ c: TileCase; residence: IndexResidence }> {
  return fc
    .record({
      batch: fc.integer({ min: 0, max: 3 }),
      srcRows: fc.integer({ min: 1, max: 6 }),
      // Rows 32-byte aligned as PTO requires, and odd widths (target 'general') whose runs of
      // entries and outputs a GPU pass cannot take four at a time.
      srcCols: fc.constantFrom(3, 8, 16, 24),
      idxCols: fc.constantFrom(5, 8, 16),
      idxRows: fc.integer({ min: 1, max: 6 }),
      dstRows: fc.integer({ min: 1, max: 6 }),
      dstCols: fc.constantFrom(7, 8, 16, 24),
      dtype: fc.constantFrom('float32' as const, 'int32' as const),
      combine: fc.constantFrom('first' as const, 'second' as const),
      residence: fc.constantFrom<IndexResidence>('cpu', 'gpu'),
      bounds: options.rejections
        ? fc.constantFrom('skip' as const, 'skip' as const, 'skip' as const, 'error' as const)
        : fc.constant('skip' as const),
    })
    .chain((g) => {
      const lead = g.batch === 0 ? [] : [g.batch];
      const tiles = Math.max(1, g.batch);
      const addressed = kernel === 'TScatter' ? g.dstRows * g.dstCols : g.srcRows * g.srcCols;
      const region = kernel === 'TScatter' ? [g.idxRows, g.srcRows] : [g.idxRows, g.dstRows];
      const regionCols = kernel === 'TScatter' ? [g.idxCols, g.srcCols] : [g.idxCols, g.dstCols];
      const srcSize = tiles * g.srcRows * g.srcCols;
      const idxSize = tiles * g.idxRows * g.idxCols;
      return fc.record({
        c: fc.record({
          kernel: fc.constant(kernel),
          dtype: fc.constant(g.dtype),
          src: domain.values(g.dtype, srcSize).map((values) => ({
            shape: [...lead, g.srcRows, g.srcCols],
            values,
          })),
          // A small range forces duplicates; -2, -1, addressed and addressed + 1 are skipped.
          idx: fc
            .array(fc.integer({ min: -2, max: addressed + 1 }), {
              minLength: idxSize,
              maxLength: idxSize,
            })
            .map((values) => ({ shape: [...lead, g.idxRows, g.idxCols], values })),
          attrs: fc
            .record({
              validRow: fc.integer({ min: 0, max: Math.min(...region) }),
              validCol: fc.integer({ min: 0, max: Math.min(...regionCols) }),
            })
            .map(({ validRow, validCol }) => {
              const overrides = {
                validRow,
                validCol,
                elementType: g.dtype === 'int32' ? 's32' : 'f32',
                bounds: g.bounds,
              } as const;
              const dst: [number, number] = [g.dstRows, g.dstCols];
              const idxShape = [g.idxRows, g.idxCols];
              return kernel === 'TScatter'
                ? scatterAttrs(dst, idxShape, {
                    ...overrides,
                    mode: g.combine === 'first' ? 'assign' : 'add',
                  })
                : gatherAttrs(dst, idxShape, {
                    ...overrides,
                    select: g.combine === 'first' ? 'all' : 'lastWriter',
                  });
            }),
        }) as fc.Arbitrary<TileCase>,
        residence: fc.constant(g.residence),
      });
    });
}
