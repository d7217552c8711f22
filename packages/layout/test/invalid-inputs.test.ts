/**
 * Malformed and invalid inputs: each must raise the right error class with the gist of the
 * problem (and, for syntax errors, the character offset where parsing stopped, counted by hand).
 */
import { describe, expect, it } from 'vitest';
import {
  applyRelayoutPlan,
  delinearize,
  LayoutSyntaxError,
  LayoutValidationError,
  linearIndex,
  offsetMap,
  parseLayout,
  parseShape,
  relayoutPlan,
  renderMemoryMap,
} from '../src/index.js';

/** [input, offset, gist of what was expected] for parseShape. */
const SHAPE_SYNTAX: readonly (readonly [string, number, string])[] = [
  ['', 0, 'primitive type'],
  ['f32', 3, "'['"],
  ['f32[', 4, 'dimension size'],
  ['f32[3', 5, "',' or ']'"],
  ['f32[3,]', 6, 'dimension size'],
  ['f32[3]]', 6, 'end of input'],
  ['f33[3]', 0, 'primitive type'],
  ['f32[3]{', 6, 'end of input'], // XLA reads '{' as a layout only before an integer or ':'
  ['f32[123,456]{foo}', 12, 'end of input'],
  ['f32[123,456]foobar{0,1}', 12, 'end of input'],
  ['f32[3]{0', 8, "',' or ':' or '}'"],
  ['f32[3]{0:T}', 10, "'(' to start a tile"],
  ['f32[3]{0:T(2}', 12, "',' or ')' in the tile"],
  ['f32[3]{0:T(2,)}', 13, "tile dimension or '*'"],
  ['f32[3]{0:L}', 10, "'(' after L"],
  ['f32[3]{0:L(x)}', 11, 'integer in L(...)'],
  ['f32[3,5]{1,0:E(4)T(2,2)}', 17, 'attribute T is out of order'],
  ['f32[3]{0:T(2)T(2)}', 13, 'attribute T is out of order or repeated'],
  ['f32[3]{0:S(1)E(8)}', 13, 'attribute E is out of order'],
  ['f32[3]{0:Q(1)}', 9, 'a layout attribute'],
  ['f32[3]{0:#(s32)}', 11, 'unsigned integer type'],
  ['f32[3]{0:*(f32)}', 11, 'unsigned integer type'],
  ['f32[3]{0:D(X)}', 11, 'dim level type'],
  ['f32[3]{0:SC(0)}', 13, "':' after the split dimension"],
  ['f32[3]{0:P(f32[1]}', 17, "')' to end the physical shape"],
  ['(f32[1]', 7, "',' or ')' in the tuple"],
  ['(f32[1],)', 8, 'primitive type'],
  ['b(f32[1]', 8, "')' to end the buffer shape"],
  ['f32[3] /* open', 7, "'*/' to close the comment"],
  ['f32[99999999999999999]', 4, 'no larger than 2^53-1'],
  ['f32[3]{0}x', 9, 'end of input'],
  ['f32[<3]', 4, "dimension size, '<=N' or '?'"],
  ['f32[3]{0:T(2)L(4', 16, "')' to end L(...)"],
];

/** [input, offset, gist] for parseLayout. */
const LAYOUT_SYNTAX: readonly (readonly [string, number, string])[] = [
  ['{1,0', 4, "',' or ':' or '}'"],
  ['1,0}', 0, "'{' to start the layout"],
  ['{1,0}}', 5, 'end of input'],
  ['{1 0}', 3, "',' or ':' or '}'"],
];

/** XLA's words for a layout whose minor_to_major does not list every dimension. */
const rankMismatch = (dimensions: number, minorToMajor: number) =>
  `Dimensions size is ${dimensions}, but minor to major size is ${minorToMajor}.`;

/** The range XLA's int8 memory space allows, as the message states it. */
const MEMORY_SPACE_RANGE = 'the memory space must be an integer in -128..127';

/** [input, offending argument, gist] for parseShape. */
const SHAPE_VALIDATION: readonly (readonly [string, string, string])[] = [
  ['f32[3,5]{0,0}', 'layout.minorToMajor', 'not a permutation'],
  ['f32[3,5]{2,0}', 'layout.minorToMajor', 'not a permutation'],
  ['f32[3,5]{1}', 'shape.layout.minorToMajor', rankMismatch(2, 1)],
  ['f32[3,5]{1,0:T()}', 'layout.tiles', 'empty'],
  ['f32[3,5]{1,0:T(2,0)}', 'layout.tiles', 'zero dimension'],
  ['f32[3,5]{1,0:T(-2,2)}', 'layout.tiles', 'negative'],
  ['f32[3,5]{1,0:T(-1,2)}', 'layout.tiles', "only '*' may combine"],
  ['f32[3,5]{1,0:T(2,*)}', 'layout.tiles', "cannot end in '*'"],
  ['f32[3,5]{1,0:T(4)(*)}', 'layout.tiles', "cannot end in '*'"],
  ['f32[3,5]{1,0:L(0)}', 'layout.tailPaddingAlignmentInElements', 'L(0)'],
  ['f32[3,5]{1,0:L(-4)}', 'layout.tailPaddingAlignmentInElements', 'positive'],
  ['f32[3,5]{1,0:E(-1)}', 'layout.elementSizeInBits', 'E(-1)'],
  ['f32[3,5]{1,0:S(128)}', 'layout.memorySpace', `S(128): ${MEMORY_SPACE_RANGE}`],
  ['f32[3,5]{1,0:S(-129)}', 'layout.memorySpace', 'int8'],
  ['f32[3,5]{1,0:M(-3)}', 'layout.dynamicShapeMetadataPrefixBytes', 'M(-3)'],
  ['f32[3,5]{1,0:SC(-1:1)}', 'layout.splitConfigs', 'non-negative'],
  ['f32[3,5]{1,0:SC(0:-1)}', 'layout.splitConfigs', 'non-negative'],
  ['f32[3,5]{1,0:SC(2:1)}', 'shape.layout.splitConfigs', 'not below the rank'],
  // XLA's split-config checks against the shape (each reproducer XLA rejects).
  ['f32[6]{0:SC(0:6)}', 'shape.layout.splitConfigs', 'split index 6 is not inside'],
  ['f32[6]{0:SC(0:3,2)}', 'shape.layout.splitConfigs', 'strictly increasing'],
  ['f32[6]{0:SC(0:0)}', 'shape.layout.splitConfigs', 'positive'],
  ['f32[6,100]{1,0:SC(0:50)}', 'shape.layout.splitConfigs', 'physical dimension 0 (size 6)'],
  ['f32[6,100]{0,1:SC(1:50)}', 'shape.layout.splitConfigs', 'physical dimension 1 (size 6)'],
  ['f32[6]{0:SC(0:)(0:)}', 'shape.layout.splitConfigs', 'split twice'],
  ['f32[?,6]{0,1:SC(1:2)}', 'shape.layout.splitConfigs', "unbounded ('?')"],
  ['f32[3,5]{1,0:#(u32)}', 'shape.layout.indexPrimitiveType', 'not for a sparse array'],
  ['f32[3,5]{1,0:*(u8)}', 'shape.layout.pointerPrimitiveType', 'not for a sparse array'],
  ['f32[3,5]{1,0:P(s32[10]{0})}', 'shape.layout.physicalShape', 'not for a sparse array'],
  ['f32[-3]', 'shape.dimensions', 'non-negative'],
  ['f32[<=-1]', 'shape.dimensions', 'non-negative'],
  ['token[3]', 'shape', 'takes no dimensions'],
  ['b((f32[1]))', 'shape', 'must hold an array shape'],
  ['(f32[2]{1,0})', 'shape.layout.minorToMajor', rankMismatch(1, 2)],
  ['f32[3]{0:P(f32[2]{0:P(u8[1])})}', 'shape.layout.physicalShape', 'not for a sparse array'],
];

/** [input, argument, gist] for parseLayout. */
const LAYOUT_VALIDATION: readonly (readonly [string, string, string])[] = [
  ['{0,2}', 'layout.minorToMajor', 'not a permutation'],
  ['{1,0:L(0)}', 'layout.tailPaddingAlignmentInElements', 'L(0)'],
  ['{0:T(0)}', 'layout.tiles', 'zero dimension'],
  ['{0:P(f32[2]{0:T(*)})}', 'layout.tiles', "cannot end in '*'"],
];

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** `run` throws a LayoutValidationError naming `argument` whose message contains `gist`. */
function expectValidationError(run: () => unknown, argument: string, gist: string): void {
  const error = caught(run) as LayoutValidationError;
  expect(error).toBeInstanceOf(LayoutValidationError);
  expect(error.argument).toBe(argument);
  expect(error.message).toContain(gist);
}

describe('syntax errors', () => {
  it.each(SHAPE_SYNTAX)('parseShape(%j) stops at offset %i expecting %s', (input, offset, gist) => {
    const error = caught(() => parseShape(input));
    expect(error).toBeInstanceOf(LayoutSyntaxError);
    const syntax = error as LayoutSyntaxError;
    expect(syntax.offset).toBe(offset);
    expect(syntax.input).toBe(input);
    expect(syntax.expected).toContain(gist);
    expect(syntax.message).toContain(`offset ${offset}`);
  });

  it.each(LAYOUT_SYNTAX)(
    'parseLayout(%j) stops at offset %i expecting %s',
    (input, offset, gist) => {
      const error = caught(() => parseLayout(input)) as LayoutSyntaxError;
      expect(error).toBeInstanceOf(LayoutSyntaxError);
      expect(error.offset).toBe(offset);
      expect(error.expected).toContain(gist);
    },
  );

  it('bounds nesting instead of overflowing the stack', () => {
    const deep = `${'('.repeat(5000)}f32[1]${')'.repeat(5000)}`;
    const error = caught(() => parseShape(deep)) as LayoutSyntaxError;
    expect(error).toBeInstanceOf(LayoutSyntaxError);
    expect(error.expected).toContain('levels of nesting');
    expect(error.offset).toBe(65); // the 66th '(' starts nesting level 65
  });
});

describe('validation errors', () => {
  it.each(SHAPE_VALIDATION)('parseShape(%j) is invalid: %s %s', (input, argument, gist) => {
    expectValidationError(() => parseShape(input), argument, gist);
  });

  it('treats a token/opaque shape followed by {} as trailing content, as XLA does', () => {
    const error = caught(() => parseShape('opaque[]{}')) as LayoutSyntaxError;
    expect(error).toBeInstanceOf(LayoutSyntaxError);
    expect(error.offset).toBe(8);
  });

  it.each(LAYOUT_VALIDATION)('parseLayout(%j) is invalid: %s %s', (input, argument, gist) => {
    expectValidationError(() => parseLayout(input), argument, gist);
  });
});

describe('invalid arguments to the index, size and drawing functions', () => {
  const plan = relayoutPlan('f32[3]{0:T(2)}');
  const cases: readonly (readonly [string, () => unknown, string, string])[] = [
    ['index out of bounds', () => linearIndex('f32[3,5]', [3, 0]), 'index', 'outside [0, 3)'],
    ['wrong index length', () => linearIndex('f32[3,5]', [1]), 'index', 'expected 2 coordinates'],
    ['fractional index', () => linearIndex('f32[3,5]', [1, 0.5]), 'index', 'coordinate 1'],
    ['unbounded dimension', () => linearIndex('f32[?,5]', [0, 0]), 'shape', 'unbounded'],
    [
      'offset past the buffer',
      () => delinearize('f32[3,5]{1,0:T(2,2)}', 24),
      'offset',
      'outside [0, 24)',
    ],
    ['fractional offset', () => delinearize('f32[3,5]', 1.5), 'offset', '1.5'],
    ['map over 2^31-1 slots', () => offsetMap('f32[65536,65536]'), 'shape', '2^31-1'],
    [
      'tuple where an array is needed',
      () => linearIndex('(f32[1], f32[2])', [0]),
      'shape',
      'tuple',
    ],
    [
      'unknown render format',
      () => renderMemoryMap('f32[3]', { format: 'png' as 'svg' }),
      'options.format',
      'png',
    ],
    [
      'panel over maxCells',
      () => renderMemoryMap('f32[100,100]', { format: 'text' }),
      'shape',
      'maxCells',
    ],
    [
      'text that is not a string',
      () => parseShape(42 as unknown as string),
      'shape',
      'expected a string',
    ],
    ['data of the wrong length', () => applyRelayoutPlan(plan, [1, 2], [3]), 'data', 'needs 3'],
    [
      'plan step that does not fit',
      () => applyRelayoutPlan(plan, [1, 2, 3, 4], [2, 2]),
      'plan',
      '[2,2]',
    ],
  ];

  it.each(cases)('%s', (_, run, argument, gist) => {
    expectValidationError(run, argument, gist);
  });
});
