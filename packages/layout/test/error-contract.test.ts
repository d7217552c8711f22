/**
 * The error contract of `@tilekit/layout`: every export, given junk from the shared corpus in
 * any argument position (the others plausible), returns or throws a `LayoutError` naming one of
 * its parameters; its error classes construct from anything. Nothing else escapes: no TypeError
 * from a message built out of a Symbol or a prototype-less object, no RangeError from joining
 * 2^32 - 1 holes, no hang walking them.
 */
import type { JunkTarget } from '@tilekit/test-support/junk';
import { callTarget, constructTarget } from '@tilekit/test-support/junk-targets';
import { describe, expect, it } from 'vitest';
import { itKeepsTheErrorContract } from '../../../tools/vitest/junk-contract-suite.ts';
import * as layout from '../src/index.js';

const SHAPE = 'f32[3,5]{1,0:T(2,2)}';

const shapeTarget = (f: (shape: never) => unknown): JunkTarget => ({
  plausible: () => [SHAPE],
  call: (shape) => f(shape as never),
  parameters: ['shape'],
});

const TARGETS: Record<string, JunkTarget> = {
  LayoutError: constructTarget(['message'], () => ['message'], layout.LayoutError),
  LayoutSyntaxError: {
    plausible: () => ['f32[', 4, "']'", 'end of input'],
    call: (...args) => new layout.LayoutSyntaxError(...(args as [string, number, string])),
    parameters: ['input', 'offset', 'expected', 'found'],
  },
  LayoutValidationError: constructTarget(
    ['argument', 'problem'],
    () => ['index', 'is out of bounds'],
    layout.LayoutValidationError,
  ),
  applyRelayoutPlan: {
    plausible: () => [
      layout.relayoutPlan(SHAPE),
      Array.from({ length: 15 }, (_, i) => i),
      [3, 5],
      -1,
    ],
    call: (plan, data, shape, padValue) =>
      layout.applyRelayoutPlan(plan as never, data as never, shape as never, padValue),
    parameters: ['plan', 'data', 'shape', 'padValue'],
  },
  bitWidth: callTarget(['type'], () => ['f32'], layout.bitWidth),
  byteWidth: callTarget(['type'], () => ['s4'], layout.byteWidth),
  primitiveCategory: callTarget(['type'], () => ['u8'], layout.primitiveCategory),
  byteSize: shapeTarget(layout.byteSize),
  expandedShape: shapeTarget(layout.expandedShape),
  physicalElementCount: shapeTarget(layout.physicalElementCount),
  xlaArraySize: shapeTarget(layout.xlaArraySize),
  offsetMap: shapeTarget(layout.offsetMap),
  inverseMap: shapeTarget(layout.inverseMap),
  relayoutPlan: shapeTarget(layout.relayoutPlan),
  formatShape: shapeTarget(layout.formatShape),
  parseShape: shapeTarget(layout.parseShape),
  validateShape: callTarget(['shape'], () => [layout.parseShape(SHAPE)], layout.validateShape),
  formatLayout: callTarget(['layout'], () => ['{1,0:T(2,2)}'], layout.formatLayout),
  parseLayout: callTarget(['layout'], () => ['{1,0:T(2,2)}'], layout.parseLayout),
  validateLayout: callTarget(
    ['layout'],
    () => [layout.parseLayout('{1,0:T(2,2)}')],
    layout.validateLayout,
  ),
  linearIndex: callTarget(['shape', 'index'], () => [SHAPE, [2, 3]], layout.linearIndex),
  delinearize: callTarget(['shape', 'offset'], () => [SHAPE, 17], layout.delinearize),
  renderMemoryMap: callTarget(
    ['shape', 'options'],
    () => [SHAPE, { format: 'text', maxCells: 64 }],
    layout.renderMemoryMap,
  ),
};

describe('every export of @tilekit/layout keeps the error contract on junk', () => {
  itKeepsTheErrorContract(layout, TARGETS, 'a LayoutError');

  it('junk error constructors still build a readable, typed error', () => {
    const error = new layout.LayoutSyntaxError(Symbol('x') as never, Number.NaN, null as never);
    expect(error).toBeInstanceOf(layout.LayoutError);
    expect(error.message).toBe(
      'Syntax error at offset NaN: expected null, found end of input in "a symbol"',
    );
    const validation = new layout.LayoutValidationError(
      Object.create(null) as never,
      new Array(2 ** 32 - 1) as never,
    );
    expect(validation.argument).toBe('an object without a prototype');
    expect(validation.message).toBe(
      'Invalid an object without a prototype: an array of length 4294967295',
    );
  });
});
