/**
 * Fuzzing: 10,000 random mutations of valid shape and layout strings. Every call must either
 * succeed or throw LayoutSyntaxError / LayoutValidationError (never another error, never hang),
 * and whatever parses must print and re-parse to the same value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRelayoutPlan,
  byteSize,
  delinearize,
  expandedShape,
  formatLayout,
  formatShape,
  LayoutSyntaxError,
  LayoutValidationError,
  linearIndex,
  parseLayout,
  parseShape,
  physicalElementCount,
  relayoutPlan,
  renderMemoryMap,
  type Shape,
  xlaArraySize,
} from '../src/index.js';
import { arbShape } from './support/arbitraries.js';

const CORPUS = [
  'f32[3,5]{1,0:T(2,2)}',
  'F32[3,5]{1,0:(2,2)}',
  'bf16[123,456,789]{2,1,0:T(2,*,128)(2,1)}',
  'f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}',
  'pred[123,456]{1,0:S(3)SC(0:10)(1:4,5)}',
  's4[123,456]{1,0:T(2,128)E(4)}',
  '(f32[1],(f32[2], token[]), opaque[], f32[3])',
  'b(f32[<=4,?]{0,1:D(D,C+~)T(2)L(8)M(16)})',
  'f32[]{:T(256)} /* scalar */',
  '{3,2,1,0:T(42,123)(4,5)L(100)E(42)}',
  '{0,1:#(u32)*(u16)P(s32[10,20]{1,0})}',
];

/** Characters the grammar cares about, plus a few it does not. */
const ALPHABET = '0123456789[](){}<=?*,:#TLESCPMDHbfsu/ -\n\tx';

const arbMutation = (text: string) =>
  fc.oneof(
    fc
      .tuple(fc.nat(text.length), fc.constantFrom(...ALPHABET))
      .map(([at, char]) => text.slice(0, at) + char + text.slice(at)),
    fc
      .tuple(fc.nat(text.length), fc.nat(4))
      .map(([at, length]) => text.slice(0, at) + text.slice(at + length)),
    fc
      .tuple(fc.nat(Math.max(0, text.length - 1)), fc.constantFrom(...ALPHABET))
      .map(([at, char]) => text.slice(0, at) + char + text.slice(at + 1)),
    fc
      .tuple(fc.nat(text.length), fc.nat(text.length))
      .map(([a, b]) => text + text.slice(Math.min(a, b), Math.max(a, b))),
    fc.nat(text.length).map((at) => text.slice(at) + text.slice(0, at)),
  );

const mutateTimes = (text: string, times: number): fc.Arbitrary<string> =>
  times === 0 ? fc.constant(text) : arbMutation(text).chain((next) => mutateTimes(next, times - 1));

/** A valid string (corpus or a random shape's canonical text) mutated one to three times. */
const arbMutated = fc
  .tuple(
    fc.oneof(fc.constantFrom(...CORPUS), arbShape(1).map(formatShape)),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(1) },
      { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) },
    ),
  )
  .chain(([text, times]) => mutateTimes(text, times));

function expectOnlyLayoutErrors(run: () => void): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof LayoutSyntaxError || error instanceof LayoutValidationError))
      throw error;
  }
}

/** Exercises everything that accepts a parsed shape. */
function useShape(shape: Shape): void {
  expect(parseShape(formatShape(shape))).toEqual(shape);
  const array = shape.kind === 'buffer' ? shape.buffer : shape;
  if (array.kind !== 'array') return;
  expectOnlyLayoutErrors(() => {
    expandedShape(array);
    xlaArraySize(array);
    byteSize(array);
    relayoutPlan(array);
    const count = physicalElementCount(array);
    if (count > 0) delinearize(array, count - 1);
    linearIndex(
      array,
      array.dimensions.map(() => 0),
    );
    renderMemoryMap(array, { format: 'text', maxCells: 64, maxPanels: 2, maxSlots: 64 });
  });
}

describe('fuzzing the parser and everything downstream', () => {
  it('accepts or rejects 10,000 mutated strings with only the two error classes', () => {
    let parsed = 0;
    fc.assert(
      fc.property(arbMutated, (text) => {
        expectOnlyLayoutErrors(() => {
          useShape(parseShape(text));
          parsed++;
        });
        expectOnlyLayoutErrors(() => {
          const layout = parseLayout(text.slice(Math.max(0, text.indexOf('{'))));
          expect(parseLayout(formatLayout(layout))).toEqual(layout);
        });
      }),
      { seed: 42, numRuns: 10_000 },
    );
    // The mutations must not all be rejected, or the downstream half would go untested.
    expect(parsed).toBeGreaterThan(1000);
  });
});

describe('hostile arguments from untyped callers', () => {
  const garbage: unknown[] = [
    null,
    undefined,
    42,
    'f32[3]',
    [],
    {},
    { kind: 'array' },
    { kind: 'array', elementType: 'f32', dimensions: [null], layout: {} },
    { kind: 'array', elementType: 'f32', dimensions: [], layout: { minorToMajor: 'x' } },
    {
      kind: 'array',
      elementType: 'f32',
      dimensions: [{ kind: 'static', size: 2 }],
      layout: { minorToMajor: [0], tiles: [5] },
    },
    {
      kind: 'array',
      elementType: 'f32',
      dimensions: [{ kind: 'static', size: 2 }],
      layout: {
        minorToMajor: [0],
        tiles: [],
        tailPaddingAlignmentInElements: 1,
        elementSizeInBits: 0,
        memorySpace: 0,
        splitConfigs: [null],
        dynamicShapeMetadataPrefixBytes: 0,
      },
    },
    { kind: 'tuple', elements: [{ kind: 'buffer', buffer: null }] },
    { kind: 'nonsense' },
  ];
  const plans: unknown[] = [
    null,
    {},
    { steps: [null] },
    { steps: [{ op: 'transpose' }] },
    { steps: [{ op: 'pad', paddings: [5] }] },
    { steps: [{ op: 'reshape', shape: 'x' }] },
  ];

  it('throws only the two error classes', () => {
    const calls: ((value: unknown) => unknown)[] = [
      (v) => formatShape(v as Shape),
      (v) => formatLayout(v as never),
      (v) => linearIndex(v as Shape, v as number[]),
      (v) => delinearize(v as Shape, v as number),
      (v) => physicalElementCount(v as Shape),
      (v) => byteSize(v as Shape),
      (v) => relayoutPlan(v as Shape),
      (v) => renderMemoryMap(v as Shape, v as never),
      (v) => renderMemoryMap('f32[2]', { format: 'text', maxCells: v as number }),
      (v) => linearIndex('f32[2]', v as number[]),
    ];
    for (const call of calls)
      for (const value of garbage) expectOnlyLayoutErrors(() => call(value));
    for (const plan of plans) {
      expectOnlyLayoutErrors(() => applyRelayoutPlan(plan as never, [1, 2], [2]));
      expectOnlyLayoutErrors(() =>
        applyRelayoutPlan(relayoutPlan('f32[2]{0:T(4)}'), plan as never, plan as never),
      );
    }
  });
});
