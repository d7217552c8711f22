/**
 * The error contract of `@tilekit/loop-ir`'s IR builders and comparators (checked here because
 * loop-ir's own tests cannot use the shared junk corpus: the test support depends on loop-ir):
 * the affine builders, comparators and the attribute comparators, `arrayAttr`, `applyFolds`,
 * `buildRegion` and `buildFunction`, the IR's constructors, walks, rewriters and accessors, the
 * folds, passes, memory-effect queries and the verifier's diagnostics,
 * and every error class (which constructs from anything),
 * given junk in any argument position (the others plausible), return or throw a
 * `LoopIrArgumentError` naming one of their parameters, never a TypeError, RangeError or stack
 * overflow, also for a cyclic or absurdly deep expression.
 */
import * as ir from '@tilekit/loop-ir';
import { type JunkTarget, junkCallFailures } from '@tilekit/test-support/junk';
import {
  constructTarget as construct,
  callTarget as target,
} from '@tilekit/test-support/junk-targets';
import { describe, expect, it } from 'vitest';

const EXPR = () => ir.affineBinary('+', ir.affineDim(0), ir.affineConstant(2));
const MAP = () => ir.affineMap(1, 0, [EXPR()]);
const ATTR = () => ir.arrayAttr([ir.stringAttr('x'), ir.boolAttr(true)]);
const FUNC = () =>
  ir.parseModule('func.func @f(%a: index) -> index {\n  return %a : index\n}').operations[0];

/** One function exercising every op a fold, accessor or effect query below is given. */
const TEXT = `#map = affine_map<(d0)[s0] -> (s0, d0 + 4)>
func.func @f(%a: memref<?xf32>, %i: index, %c: i1, %x: f32, %y: f32, %w: vector<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %t = arith.constant dense<true> : vector<8xi1>
  %z = arith.constant dense<0.0> : vector<8xf32>
  %d = arith.constant dense<0.0> : vector<2x8xf32>
  %m = affine.min #map(%i)[%c8]
  %s = arith.select %c, %x, %y : f32
  %b = vector.broadcast %x : f32 to vector<8xf32>
  %v = vector.insert %z, %d [0] : vector<8xf32> into vector<2x8xf32>
  %l = vector.maskedload %a[%i], %t, %z : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %a[%i], %t, %l : memref<?xf32>, vector<8xi1>, vector<8xf32>
  %red = vector.reduction <add>, %w, %x : vector<8xf32> into f32
  %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (f32) {
    scf.yield %acc : f32
  }
  return %r : f32
}`;
const MODULE = () => ir.parseModule(TEXT);
const FN = () => MODULE().operations[0] as ir.Operation;
const BODY = (fn = FN()) => fn.regions[0]?.blocks[0] as ir.Block;
/** The first op named `name` in the function (a fresh parse each time). */
const OP = (name: string) => BODY().operations.find((op) => op.name === name) as ir.Operation;
/** A fold's arguments: its op, the constants before it and the defining ops. */
const FOLD = (name: string) => (): unknown[] => {
  const body = BODY();
  const constants = new Map<ir.Value, ir.Attribute>();
  for (const op of body.operations)
    if (op.name === 'arith.constant' && op.attributes.value !== undefined)
      constants.set(op.results[0] as ir.Value, op.attributes.value);
  return [body.operations.find((op) => op.name === name), constants, ir.definingOps(body)];
};
const KEEP = (): undefined => undefined;
const FOLD_PARAMETERS = ['op', 'constants', 'defs'];

const PARSE_OPTIONS = target(
  ['pass', 'options', 'text'],
  () => [
    'p',
    [
      { name: 'vl', type: 'integer', description: 'lanes' },
      { name: 'fast', type: 'boolean', description: 'fast' },
    ],
    'vl=8 fast',
  ],
  ir.parseOptionString,
);

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
  createOperation: target(
    ['spec'],
    () => [
      {
        name: 'arith.constant',
        resultTypes: [ir.index],
        resultNames: ['c'],
        attributes: { value: ir.integerAttr(1n, ir.index) },
      },
    ],
    ir.createOperation,
  ),
  withResults: target(
    ['spec', 'results'],
    () => {
      const [a, b] = [ir.createValue(ir.index), ir.createValue(ir.index)];
      return [{ name: 'arith.addi', operands: [a, b], regions: [] }, [ir.createValue(ir.index)]];
    },
    ir.withResults,
  ),
  createBlock: target(
    ['args', 'operations'],
    () => [[ir.createValue(ir.index)], BODY().operations],
    ir.createBlock,
  ),
  createRegion: target(['blocks'], () => [[BODY()]], ir.createRegion),
  createModule: target(['operations'], () => [[FN()]], ir.createModule),
  buildModule: target(['operations'], () => [[FN()]], ir.buildModule),
  terminatorOf: target(['block'], () => [BODY()], ir.terminatorOf),
  walkOperations: target(['root', 'visit'], () => [MODULE(), KEEP], ir.walkOperations),
  definingOps: target(['root'], () => [FN()], ir.definingOps),
  usersOf: target(['root'], () => [BODY()], ir.usersOf),
  findFunction: target(['module', 'name'], () => [MODULE(), 'f'], ir.findFunction),
  cloneOperation: target(['op', 'mapping'], () => [FN(), new ir.IRMapping()], ir.cloneOperation),
  cloneRegion: target(
    ['region', 'mapping'],
    () => [FN().regions[0], new ir.IRMapping()],
    ir.cloneRegion,
  ),
  remapOperation: target(
    ['op', 'mapping', 'rewrite'],
    () => [FN(), new ir.IRMapping(), KEEP],
    ir.remapOperation,
  ),
  rewriteBlock: target(
    ['block', 'rewrite', 'mapping'],
    () => [BODY(), KEEP, new ir.IRMapping()],
    ir.rewriteBlock,
  ),
  rewriteModule: target(['module', 'rewrite'], () => [MODULE(), KEEP], ir.rewriteModule),
  replaceOpsInBlock: target(['block', 'replace'], () => [BODY(), KEEP], ir.replaceOpsInBlock),
  result: target(['op', 'name'], () => [OP('arith.select'), 'result'], ir.result),
  operand: target(['op', 'name'], () => [OP('arith.select'), 'condition'], ir.operand),
  operands: target(['op', 'name'], () => [OP('vector.maskedload'), 'indices'], ir.operands),
  optionalOperand: target(
    ['op', 'name'],
    () => [OP('vector.reduction'), 'acc'],
    ir.optionalOperand,
  ),
  isMemoryEffectFree: target(['op'], () => [OP('scf.for')], ir.isMemoryEffectFree),
  onlyReadsMemory: target(['op'], () => [OP('vector.maskedload')], ir.onlyReadsMemory),
  mayWriteMemory: target(['op'], () => [OP('scf.for')], ir.mayWriteMemory),
  wouldBeTriviallyDead: target(['op'], () => [OP('scf.for')], ir.wouldBeTriviallyDead),
  foldAffineConstant: target(FOLD_PARAMETERS, FOLD('affine.min'), ir.foldAffineConstant),
  foldAffineMinSymbols: target(FOLD_PARAMETERS, FOLD('affine.min'), ir.foldAffineMinSymbols),
  foldSelect: target(FOLD_PARAMETERS, FOLD('arith.select'), ir.foldSelect),
  foldBroadcast: target(FOLD_PARAMETERS, FOLD('vector.broadcast'), ir.foldBroadcast),
  foldInsert: target(FOLD_PARAMETERS, FOLD('vector.insert'), ir.foldInsert),
  foldMaskedLoad: target(FOLD_PARAMETERS, FOLD('vector.maskedload'), ir.foldMaskedLoad),
  foldMaskedStore: target(FOLD_PARAMETERS, FOLD('vector.maskedstore'), ir.foldMaskedStore),
  foldForwardedIterArgs: target(FOLD_PARAMETERS, FOLD('scf.for'), ir.foldForwardedIterArgs),
  eliminateDeadCode: target(['func'], () => [FN()], ir.eliminateDeadCode),
  hoistConstants: target(['func'], () => [FN()], ir.hoistConstants),
  canonicalize: target(['module'], () => [MODULE()], ir.canonicalize),
  cse: target(['module'], () => [MODULE()], ir.cse),
  verificationDiagnostics: target(['module'], () => [MODULE()], ir.verificationDiagnostics),
  runPassPipeline: target(
    ['module', 'steps'],
    () => [
      MODULE(),
      ir.parsePassPipeline(
        'builtin.module(cse, canonicalize)',
        ir.passRegistry([ir.csePass, ir.canonicalizePass]),
      ),
    ],
    ir.runPassPipeline,
  ),
};

/**
 * A target whose one junk position is what callback `callback` returns to `run` (a working
 * callback returns what `plausible` makes: undefined, keep the operation, unless said otherwise).
 */
const returnedBy = (
  callback: string,
  run: (returned: never) => unknown,
  plausible: () => unknown = () => undefined,
): JunkTarget => target([callback], () => [plausible()], run);

/**
 * What callers' callbacks return, and IRMapping's method: junk returned by a rewrite callback or
 * a region body is an error naming that callback.
 */
const CALLBACK_RESULTS: Record<string, JunkTarget> = {
  'rewriteModule, what rewrite returns': returnedBy('rewrite', (returned) =>
    ir.rewriteModule(MODULE(), (op) => (op.name === 'arith.select' ? returned : undefined)),
  ),
  'rewriteBlock, what rewrite returns': returnedBy('rewrite', (returned) =>
    ir.rewriteBlock(BODY(), () => returned),
  ),
  'replaceOpsInBlock, what replace returns': returnedBy('replace', (returned) =>
    ir.replaceOpsInBlock(BODY(), (op) => (op.name === 'scf.for' ? returned : undefined)),
  ),
  'buildRegion, what body returns': returnedBy(
    'body',
    (returned) => ir.buildRegion([ir.index], () => returned, 'scf.yield'),
    () => [],
  ),
  'IRMapping.mapAll': target(
    ['from', 'to'],
    () => [[ir.createValue(ir.index)], [ir.createValue(ir.index)]],
    (from, to) => new ir.IRMapping().mapAll(from, to),
  ),
};

/** A target the junk calls of `name` are made with, for the sanity check below. */
const ALL_TARGETS = { ...TARGETS, ...CALLBACK_RESULTS, parseOptionString: PARSE_OPTIONS };

describe('loop-ir IR builders and comparators keep the error contract on junk', () => {
  it('every target returns on its plausible arguments (the junk below replaces working ones)', () => {
    for (const [name, t] of Object.entries(ALL_TARGETS))
      expect(() => t.call(...t.plausible()), name).not.toThrow();
  });

  it('junk stream 1: a result or a LoopIrArgumentError naming a parameter, in every position', async () => {
    expect(await junkCallFailures(TARGETS, 1)).toEqual([]);
  });

  it('junk returned by a rewrite callback or region body is an error naming that callback', async () => {
    expect(await junkCallFailures(CALLBACK_RESULTS, 1)).toEqual([]);
  });

  it("parseOptionString: junk text is refused by naming the option it spells (mlir-opt's rule)", async () => {
    // Text that spells an option the list does not declare, or a malformed value, is the text's
    // own error: a PassOptionError naming that option, as the CLI and pipelines report it.
    // Everything else keeps the contract.
    const failures = await junkCallFailures({ parseOptionString: PARSE_OPTIONS }, 1);
    const others = failures.filter(
      (f) => !/^parseOptionString\([12] <- .*\): PassOptionError names /.test(f),
    );
    expect(others).toEqual([]);
    expect(failures.length).toBeGreaterThan(0);
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
