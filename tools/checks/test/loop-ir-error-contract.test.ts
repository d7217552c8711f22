/**
 * The error contract of `@tilekit/loop-ir`'s IR builders and comparators (checked here because
 * loop-ir's own tests cannot use the shared junk corpus: the test support depends on loop-ir):
 * the affine builders, comparators and the attribute comparators, `arrayAttr`, `applyFolds`,
 * `buildRegion` and `buildFunction`,
 * and every error class (which constructs from anything),
 * given junk in any argument position (the others plausible), return or throw a
 * `LoopIrArgumentError` naming one of their parameters, never a TypeError, RangeError or stack
 * overflow, also for a cyclic or absurdly deep expression.
 */
import * as ir from '@tilekit/loop-ir';
import { type JunkTarget, junkCallFailures } from '@tilekit/test-support/junk';
import { describe, expect, it } from 'vitest';

const EXPR = () => ir.affineBinary('+', ir.affineDim(0), ir.affineConstant(2));
const MAP = () => ir.affineMap(1, 0, [EXPR()]);
const ATTR = () => ir.arrayAttr([ir.stringAttr('x'), ir.boolAttr(true)]);
const FUNC = () =>
  ir.parseModule('func.func @f(%a: index) -> index {\n  return %a : index\n}').operations[0];

const target = (
  parameters: string[],
  plausible: () => unknown[],
  f: (...args: never[]) => unknown,
): JunkTarget => ({ plausible, parameters, call: (...args) => f(...(args as never[])) });

/** A target that constructs `type`: an error class constructs from anything. */
const construct = (
  parameters: string[],
  plausible: () => unknown[],
  type: new (...args: never[]) => unknown,
): JunkTarget => ({ plausible, parameters, call: (...args) => new type(...(args as never[])) });

const ERROR_CLASSES: Record<string, JunkTarget> = {
  LoopIrError: construct(['message'], () => ['bad'], ir.LoopIrError),
  LoopIrArgumentError: construct(
    ['argument', 'expected', 'value'],
    () => ['text', 'a string', 4],
    ir.LoopIrArgumentError,
  ),
  AffineEvalError: construct(['message'], () => ['bad'], ir.AffineEvalError),
  SegmentError: construct(['message'], () => ['bad'], ir.SegmentError),
  OperandAccessError: construct(
    ['opName', 'segment', 'detail'],
    () => ['scf.for', 'lower', 'missing'],
    ir.OperandAccessError,
  ),
  InterpretError: construct(['opName', 'detail'], () => ['memref.load', 'bad'], ir.InterpretError),
  OutOfBoundsError: construct(
    ['opName', 'indices', 'shape', 'lane'],
    () => ['memref.load', [3], [2], 1],
    ir.OutOfBoundsError,
  ),
  InterpretArgumentError: construct(
    ['argument', 'detail'],
    () => ['#0', 'bad'],
    ir.InterpretArgumentError,
  ),
  MlirParseError: construct(
    ['detail', 'line', 'column', 'expected'],
    () => ['bad', 1, 2, "':'"],
    ir.MlirParseError,
  ),
  IRVerifyError: construct(
    ['opName', 'rule', 'detail', 'path'],
    () => ['scf.for', 'r', 'bad', '@f'],
    ir.IRVerifyError,
  ),
  PassOptionError: construct(
    ['pass', 'argument', 'expected', 'found'],
    () => ['cse', 'x', 'nothing', "'x'"],
    ir.PassOptionError,
  ),
  PassPipelineError: construct(
    ['argument', 'expected', 'found'],
    () => ['text', "')'", 'end'],
    ir.PassPipelineError,
  ),
  PassVerificationError: construct(
    ['pass', 'diagnostic'],
    () => ['cse', 'bad'],
    ir.PassVerificationError,
  ),
};

const TARGETS: Record<string, JunkTarget> = {
  ...ERROR_CLASSES,
  affineDim: target(['position'], () => [1], ir.affineDim),
  affineSymbol: target(['position'], () => [0], ir.affineSymbol),
  affineConstant: target(['value'], () => [5n], ir.affineConstant),
  affineBinary: target(
    ['op', 'lhs', 'rhs'],
    () => ['mod', EXPR(), ir.affineSymbol(0)],
    ir.affineBinary,
  ),
  affineMap: target(['numDims', 'numSymbols', 'results'], () => [1, 0, [EXPR()]], ir.affineMap),
  affineExprEquals: target(['a', 'b'], () => [EXPR(), EXPR()], ir.affineExprEquals),
  affineMapEquals: target(['a', 'b'], () => [MAP(), MAP()], ir.affineMapEquals),
  affineDivisionByZero: target(['op'], () => ['floordiv'], ir.affineDivisionByZero),
  arrayAttr: target(['elements'], () => [[ir.stringAttr('x')]], ir.arrayAttr),
  attrEquals: target(['a', 'b'], () => [ATTR(), ATTR()], ir.attrEquals),
  attributeMapsEqual: target(
    ['a', 'b'],
    () => [{ x: ATTR() }, { x: ATTR() }],
    ir.attributeMapsEqual,
  ),
  applyFolds: target(['func', 'folds'], () => [FUNC(), ir.CANONICALIZATION_FOLDS], ir.applyFolds),
  buildRegion: target(
    ['argTypes', 'body', 'terminator'],
    () => [[ir.index], (_b: unknown, a: unknown) => [a], 'scf.yield'],
    ir.buildRegion,
  ),
  buildFunction: target(
    ['name', 'inputs', 'results', 'body', 'attributes'],
    () => ['f', [ir.index], [ir.index], (_b: unknown, a: unknown) => [a], {}],
    ir.buildFunction,
  ),
};

describe('loop-ir IR builders and comparators keep the error contract on junk', () => {
  it('junk stream 1: a result or a LoopIrArgumentError naming a parameter, in every position', async () => {
    expect(await junkCallFailures(TARGETS, 1)).toEqual([]);
  });

  it('a cyclic or 10,000-deep expression is refused by name, not walked off the stack', () => {
    const cyclic: { kind: string; op: string; lhs?: unknown; rhs?: unknown } = {
      kind: 'binary',
      op: '+',
    };
    cyclic.lhs = cyclic;
    cyclic.rhs = cyclic;
    let deep: unknown = { kind: 'dim', position: 0 };
    for (let i = 0; i < 10_000; i++) deep = { kind: 'binary', op: '*', lhs: deep, rhs: deep };
    for (const junk of [cyclic, deep]) {
      let thrown: unknown;
      try {
        ir.affineMap(1, 0, [junk as ir.AffineExpr]);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ir.LoopIrArgumentError);
      expect((thrown as ir.LoopIrArgumentError).argument).toMatch(/^results\[0\](\.lhs)+$/);
    }
  });
});
