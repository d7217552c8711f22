/**
 * The error contract of `@tilekit/loop-ir`'s values, types, attributes and their text (checked
 * here because loop-ir's own tests cannot use the shared junk corpus: the test support depends
 * on loop-ir): the type and attribute builders and comparators, the float, type, attribute,
 * affine-map and symbol printers, op definitions and segments, affine evaluation, lane counts
 * and rounding, given junk in any argument position (the others plausible), return or throw a
 * `LoopIrArgumentError` (or a subclass: `InvalidTypeError`) naming one of their parameters, never
 * a TypeError, RangeError, stack overflow or hang; also for a cyclic or absurdly deep type or
 * attribute.
 */
import * as ir from '@tilekit/loop-ir';
import * as semantics from '@tilekit/loop-ir/semantics';
import { type JunkTarget, junkCallFailures } from '@tilekit/test-support/junk';
import { callTarget as target } from '@tilekit/test-support/junk-targets';
import { describe, expect, it } from 'vitest';

const MODULE = () => ir.parseModule('func.func @f(%a: index) -> index {\n  return %a : index\n}');
const VALUE = () => ir.createValue(ir.index);
const VECTOR = () => ir.vectorOf([2, 4], ir.f32, [false, true]);
const MAP = () =>
  ir.affineMap(2, 1, [ir.affineBinary('+', ir.affineDim(1), ir.affineSymbol(0)), ir.affineDim(0)]);
const EXPR = () => ir.affineBinary('floordiv', ir.affineDim(0), ir.affineSymbol(0));
/** An attribute of every kind that holds others, types, maps or numbers. */
const ATTR = () =>
  ir.arrayAttr([
    ir.integerAttr(3n, ir.i32),
    ir.floatAttr(1.5, ir.f32),
    ir.dictionaryAttr({ x: ir.stringAttr('y'), u: ir.unitAttr }),
    ir.denseAttr(ir.vectorOf(2, ir.f32), [1, 2]),
    ir.denseArrayAttr([1, 2]),
    ir.affineMapAttr(MAP()),
    ir.typeAttr(ir.memrefOf(['?', 4], ir.i8)),
    ir.symbolRefAttr('f'),
  ]);

const TARGETS: Record<string, JunkTarget> = {
  printFloat: target(['value', 'format', 'bits'], () => [0.1, 'f32', undefined], ir.printFloat),
  printFloatNaN: target(
    ['value', 'format', 'bits'],
    () => [Number.NaN, 'f32', 0x7fc00001n],
    ir.printFloat,
  ),
  printAffineMap: target(['map'], () => [MAP()], ir.printAffineMap),
  printAttribute: target(
    ['a', 'options'],
    () => [ATTR(), { elideDefaultType: true }],
    ir.printAttribute,
  ),
  printType: target(
    ['t'],
    () => [ir.functionType([VECTOR(), ir.memrefOf('?', ir.f64)], [ir.i1])],
    ir.printType,
  ),
  printSymbolName: target(['name'], () => ['main'], ir.printSymbolName),
  combiningOp: target(['kind', 'isFloat'], () => ['maxsi', false], ir.combiningOp),
  splitSegments: target(
    ['segments', 'values'],
    () => [
      ['lhs', '...rest'],
      [VALUE(), VALUE(), VALUE()],
    ],
    ir.splitSegments,
  ),
  segmentArity: target(['segments'], () => [['a', '?b', '...c']], ir.segmentArity),
  defineOp: target(
    ['name', 'init'],
    () => [
      'test.op',
      {
        operands: ['a'],
        results: ['r'],
        regions: 1,
        format: 'custom',
        traits: ['pure'],
        constraints: [{ rule: 'sameType', refs: ['a', 'r'] }],
      },
    ],
    ir.defineOp,
  ),
  overwideVector: target(['root', 'vscale'], () => [MODULE(), 4], semantics.overwideVector),
  overwideVectorOfOp: target(
    ['root', 'vscale'],
    () => [MODULE().operations[0], 1],
    semantics.overwideVector,
  ),
  overwideMessage: target(['lanes', 'vscale'], () => [70_000, 2], semantics.overwideMessage),
  denseAttr: target(['type', 'values'], () => [ir.vectorOf(2, ir.i32), [1n, 2n]], ir.denseAttr),
  denseAttrFloat: target(['type', 'values'], () => [ir.vectorOf(3, ir.f16), [0.5]], ir.denseAttr),
  denseArrayAttr: target(['values', 'elementType'], () => [[1, 2n], ir.i32], ir.denseArrayAttr),
  integerAttr: target(['value', 'type'], () => [7, ir.i64], ir.integerAttr),
  dictionaryAttr: target(
    ['entries'],
    () => [{ a: ir.boolAttr(true), b: ATTR() }],
    ir.dictionaryAttr,
  ),
  attrEquals: target(['a', 'b'], () => [ATTR(), ATTR()], ir.attrEquals),
  functionType: target(['inputs', 'results'], () => [[ir.f32, VECTOR()], [ir.i1]], ir.functionType),
  vectorOf: target(['shape', 'element', 'scalable'], () => [[2, 4], ir.f32, true], ir.vectorOf),
  vectorOfFlags: target(
    ['shape', 'element', 'scalable'],
    () => [[2, 4], ir.index, [true, false]],
    ir.vectorOf,
  ),
  memrefOf: target(
    ['shape', 'element', 'layout'],
    () => [['?', 4], ir.f32, { strides: [8, 1], offset: '?' }],
    ir.memrefOf,
  ),
  typeEquals: target(['a', 'b'], () => [VECTOR(), VECTOR()], ir.typeEquals),
  typeEqualsFunctions: target(
    ['a', 'b'],
    () => [ir.functionType([ir.memrefOf(2, VECTOR())], []), ir.functionType([ir.f32], [])],
    ir.typeEquals,
  ),
  elementTypeOf: target(['t'], () => [VECTOR()], ir.elementTypeOf),
  isScalar: target(['t'], () => [ir.bf16], ir.isScalar),
  bitWidth: target(['t'], () => [ir.f16], ir.bitWidth),
  integer: target(['width'], () => [16], ir.integer),
  boolLike: target(['t'], () => [VECTOR()], ir.boolLike),
  laneCount: target(['t', 'vscale'], () => [VECTOR(), 4], ir.laneCount),
  splitPosition: target(['position'], () => [[1, VALUE(), 0]], ir.splitPosition),
  evaluateAffineExpr: target(
    ['expr', 'dims', 'symbols', 'bits'],
    () => [EXPR(), [7n], [2n], 32],
    ir.evaluateAffineExpr,
  ),
  evaluateAffineMap: target(
    ['map', 'operands', 'bits'],
    () => [MAP(), [1n, 2n, 3n], 64],
    ir.evaluateAffineMap,
  ),
  isArithCast: target(['name'], () => ['arith.sitofp'], ir.isArithCast),
  roundToFormat: target(['x', 'format'], () => [1 / 3, 'bf16'], ir.roundToFormat),
};

/** The error `f` throws, or undefined when it returns. */
function thrownBy(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('loop-ir values, types, attributes and text keep the error contract on junk', () => {
  it.each([1, 2])(
    'junk stream %i: a result or a LoopIrArgumentError naming a parameter, in every position',
    async (stream) => {
      expect(await junkCallFailures(TARGETS, stream)).toEqual([]);
    },
  );

  it('a cyclic or 10,000-deep function type or attribute is refused by name, not walked off the stack', () => {
    const cyclicType = () => {
      const t: { kind: string; inputs: unknown[]; results: unknown[] } = {
        kind: 'function',
        inputs: [],
        results: [],
      };
      t.inputs.push(t);
      return t as unknown as ir.Type;
    };
    const deepType = () => {
      let t: unknown = ir.f32;
      for (let i = 0; i < 10_000; i++) t = { kind: 'function', inputs: [t], results: [] };
      return t as ir.Type;
    };
    const cyclicAttr = () => {
      const a: { kind: string; elements: unknown[] } = { kind: 'array', elements: [] };
      a.elements.push(a);
      return a as unknown as ir.Attribute;
    };
    const deepAttr = () => {
      let a: unknown = ir.unitAttr;
      for (let i = 0; i < 10_000; i++) a = { kind: 'array', elements: [a] };
      return a as ir.Attribute;
    };
    const calls: [() => unknown, RegExp][] = [];
    for (const t of [cyclicType, deepType]) {
      calls.push([() => ir.printType(t()), /^t(\.inputs\[0\])+$/]);
      calls.push([() => ir.typeEquals(t(), t()), /^a$/]);
    }
    for (const a of [cyclicAttr, deepAttr]) {
      calls.push([() => ir.printAttribute(a()), /^a(\.elements\[0\])+$/]);
      calls.push([() => ir.attrEquals(a(), a()), /^a$/]);
    }
    for (const [call, argument] of calls) {
      const thrown = thrownBy(call);
      expect(thrown).toBeInstanceOf(ir.LoopIrArgumentError);
      expect((thrown as ir.LoopIrArgumentError).argument).toMatch(argument);
    }
  });

  it('a shape, position or value list of 2^32 - 1 holes is refused by its length or first hole', () => {
    const holes = new Array(2 ** 32 - 1);
    const calls: [() => unknown, string][] = [
      [() => ir.vectorOf(holes, ir.f32), 'shape'],
      [() => ir.memrefOf(holes, ir.f32), 'shape'],
      [() => ir.splitPosition(holes), 'position[0]'],
      [() => ir.denseArrayAttr(holes), 'values[0]'],
      [() => ir.splitSegments(['...xs'], holes), 'values[0]'],
      [() => ir.printAttribute({ kind: 'array', elements: holes }), 'a.elements[0]'],
    ];
    for (const [call, argument] of calls) {
      const thrown = thrownBy(call);
      expect(thrown).toBeInstanceOf(ir.LoopIrArgumentError);
      expect((thrown as ir.LoopIrArgumentError).argument).toBe(argument);
    }
  });
});
