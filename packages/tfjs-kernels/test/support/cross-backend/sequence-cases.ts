/**
 * Random *sequences* of calls of the five ops, for the GPU suites: a GPU backend keeps state
 * between calls (compiled programs and their cache keys, uniforms, pooled textures and buffers),
 * so a call that is right on its own can still be corrupted by the one before it. Besides the
 * differential suite's small layouts, sequences draw wide tiles (up to 4096 elements along a
 * dimension, so outputs of up to 2^18 slots) whose buffers span texture and dispatch shapes that
 * the small cases never reach.
 */
import { permutations } from '@tilekit/conformance/testing';
import { physicalElementCount } from '@tilekit/layout';
import fc from 'fast-check';
import { shapeText } from '../../../src/layout/shape-text.js';
import { sizeFromShape } from '../../../src/util/shape-size.js';
import { layoutTextFor } from '../layout-arbitraries.js';
import { layoutCaseArbitrary, tileCaseArbitrary, type ValueDomain } from './differential-cases.js';
import type { LayoutCase, LayoutDtype } from './layout-cases.js';
import type { IndexResidence, TileCase } from './tile-cases.js';

/** One call of a sequence. */
export type SequenceCall =
  | { readonly kind: 'layout'; readonly c: LayoutCase }
  | { readonly kind: 'tile'; readonly c: TileCase; readonly residence: IndexResidence };

/** Most physical slots a drawn wide layout may have. */
const MAX_WIDE_SLOTS = 2 ** 18;

/**
 * A layout with a wide first tile (`T(a)` or `T(a,b)`, `a` up to 4096) and an optional second
 * tile, in any minor_to_major, such as `{0,1,2:T(128)(16,16)}`.
 */
function wideLayoutText(dims: readonly number[]): fc.Arbitrary<string> {
  const wide = fc.constantFrom(16, 128, 1024, 2048, 4096);
  const narrow = fc.constantFrom(1, 2, 5, 8, 16);
  const tile = (entries: fc.Arbitrary<number>[]) =>
    fc.tuple(...entries).map((t) => `(${t.join(',')})`);
  return fc
    .record({
      minorToMajor: permutations(dims.length),
      first: fc.oneof(tile([wide]), tile([narrow, wide])),
      second: fc.oneof(
        fc.constant(''),
        tile([narrow]),
        tile([narrow, narrow]),
        narrow.map((n) => `(*,${n})`),
      ),
    })
    .map(({ minorToMajor, first, second }) => `{${minorToMajor.join(',')}:T${first}${second}}`);
}

/** Whether `layout` is valid for the case's tensor and small enough to run in a test. */
function fits(dtype: LayoutDtype, dims: readonly number[], layout: string): boolean {
  try {
    return physicalElementCount(shapeText(dtype, dims, layout)) <= MAX_WIDE_SLOTS;
  } catch {
    return false;
  }
}

/** A relayout-family call on a small tensor (ranks 1..3) whose layouts may be wide. */
function wideLayoutCase(op: LayoutCase['op'], domain: ValueDomain): fc.Arbitrary<LayoutCase> {
  return fc
    .record({
      dtype: fc.constantFrom<LayoutDtype>('float32', 'int32', 'bool'),
      dims: fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 3 }),
    })
    .chain(({ dtype, dims }) => {
      const layout = fc
        .oneof(wideLayoutText(dims), layoutTextFor(dims, 3))
        .filter((text) => fits(dtype, dims, text));
      return fc.record({
        op: fc.constant(op),
        dtype: fc.constant(dtype),
        dims: fc.constant(dims),
        values: domain.values(dtype, sizeFromShape(dims)),
        layout,
        to: layout,
        padValue: domain.pad(dtype),
      });
    });
}

/** One random call of any of the five ops, layouts small or wide. */
export function sequenceCallArbitrary(domain: ValueDomain): fc.Arbitrary<SequenceCall> {
  const ops = ['relayout', 'unrelayout', 'convertLayout'] as const;
  const layoutCall = fc
    .constantFrom(...ops)
    .chain((op) =>
      fc.oneof(
        { weight: 2, arbitrary: wideLayoutCase(op, domain) },
        { weight: 1, arbitrary: layoutCaseArbitrary(op, domain) },
      ),
    )
    .map((c): SequenceCall => ({ kind: 'layout', c }));
  const tileCall = fc
    .constantFrom('TScatter' as const, 'TGather' as const)
    .chain((kernel) => tileCaseArbitrary(kernel, domain))
    .map(({ c, residence }): SequenceCall => ({ kind: 'tile', c, residence }));
  return fc.oneof({ weight: 3, arbitrary: layoutCall }, { weight: 1, arbitrary: tileCall });
}

/** Sequences of 2..6 random calls. */
export function sequenceArbitrary(domain: ValueDomain): fc.Arbitrary<SequenceCall[]> {
  return fc.array(sequenceCallArbitrary(domain), { minLength: 2, maxLength: 6 });
}
