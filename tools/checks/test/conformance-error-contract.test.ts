/**
 * The error contract of `@tilekit/conformance` and `@tilekit/conformance/testing` (checked here
 * because its own tests cannot use the shared junk corpus: the test support depends on it):
 * every exported function and class, given junk in any argument position (the others plausible), returns or throws a
 * `ConformanceError` naming one of its parameters. A comparison's `CaseMismatch` is its purpose,
 * not a broken contract, so the comparisons may throw one.
 */
import * as suites from '@tilekit/conformance';
import * as testing from '@tilekit/conformance/testing';
import { callableExports, type JunkTarget, junkCallFailures } from '@tilekit/test-support/junk';
import {
  constructTarget as construct,
  callTarget as target,
} from '@tilekit/test-support/junk-targets';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** Both entries' exports: the suites' and the testing one's data, generators and references. */
const conformance = { ...suites, ...testing };

const SPEC = () => conformance.layoutSpec('f32', [3, 5], { tiles: [[2, 2]] });
const TILE_CALL = () => ({
  src: [1, 2, 3, 4],
  srcShape: [2, 2] as const,
  idx: [3, 2, 1, 0],
  idxShape: [2, 2] as const,
  dstShape: [2, 2] as const,
  validRow: 2,
  validCol: 2,
});
const REPORT = () => ({
  label: 'layout',
  passed: 1,
  failed: 1,
  excluded: 0,
  results: [
    { id: 'layout/a', status: 'passed' as const },
    { id: 'layout/b', status: 'failed' as const, error: { message: '[layout/b] broke' } },
  ],
});
const CASE = () => ({ id: 'layout/x', rule: 'layout.linear-index', run: () => undefined });
const SUITE_OPTIONS = () => ({ seed: 7, numRuns: 1, exclusions: [] });

const c = conformance;
const TARGETS: Record<string, JunkTarget> = {
  CaseDataError: construct(['message'], () => ['bad file'], c.CaseDataError),
  CaseMismatch: construct(['message'], () => ['differs'], c.CaseMismatch),
  ConformanceError: construct(['message'], () => ['bad'], c.ConformanceError),
  ConformanceConfigError: construct(
    ['argument', 'problem'],
    () => ['seed', 'is bad'],
    c.ConformanceConfigError,
  ),
  ConformanceFailure: construct(
    ['caseId', 'rule', 'detail'],
    () => ['a/b', 'r', 'd'],
    c.ConformanceFailure,
  ),
  StaleExclusionError: construct(
    ['caseId', 'rule', 'reason'],
    () => ['a/b', 'r', 'why'],
    c.StaleExclusionError,
  ),
  argumentArrays: target(
    ['args'],
    () => [[{ kind: 'memref', elementType: 'f32', data: [1], shape: [1] }]],
    c.argumentArrays,
  ),
  asScipySparseFile: target(['data'], () => [c.SCIPY_SPARSE], c.asScipySparseFile),
  asXlaShapeParserFile: target(['data'], () => [c.XLA_SHAPE_PARSER], c.asXlaShapeParserFile),
  check: target(['condition', 'detail'], () => [true, () => 'detail'], c.check),
  checkProperty: target(
    ['property', 'settings'],
    () => [fc.property(fc.nat(), () => true), { seed: 1, numRuns: 2 }],
    c.checkProperty,
  ),
  cpuSimTileCall: target(['c'], () => [c.PTO_TSCATTER_CPUSIM.cases[0]], c.cpuSimTileCall),
  createSuite: target(
    ['definition', 'options'],
    () => [{ name: 'layout', label: 'layout', cases: [CASE()] }, SUITE_OPTIONS()],
    c.createSuite,
  ),
  csrMatrices: target(['bounds'], () => [{ maxRows: 3 }], c.csrMatrices),
  expectEqual: target(
    ['actual', 'expected', 'what'],
    () => [[1, 2], [1, 2], 'values'],
    c.expectEqual,
  ),
  expectRejection: target(
    ['run', 'what'],
    () => [
      () => {
        throw new Error('x');
      },
      'run',
    ],
    c.expectRejection,
  ),
  expectValues: target(
    ['actual', 'expected', 'what', 'options'],
    () => [[1, 2], [1, 2], 'values', {}],
    c.expectValues,
  ),
  formatLayoutSpec: target(['spec'], () => [SPEC()], c.formatLayoutSpec),
  formatReport: target(['reports'], () => [[REPORT()]], c.formatReport),
  formatSpec: target(['spec'], () => [SPEC()], c.formatSpec),
  formatSuiteTable: target(['reports'], () => [[REPORT()]], c.formatSuiteTable),
  formatSummaryLine: target(['reports'], () => [[REPORT()]], c.formatSummaryLine),
  formatValue: target(['value'], () => [[1, 2]], c.formatValue),
  fromJson: target(['value'], () => ['NaN'], c.fromJson),
  irVectorizerImpl: target(
    ['api'],
    () => [{ parseModule: () => ({}), printModule: () => '', vectorize: () => ({ module: {} }) }],
    c.irVectorizerImpl,
  ),
  kernelConformance: target(
    ['target', 'options'],
    () => [{ tf: {}, backend: 'cpu', ops: { tscatter: () => undefined } }, SUITE_OPTIONS()],
    c.kernelConformance,
  ),
  layoutConformance: target(['impl', 'options'], () => [{}, SUITE_OPTIONS()], c.layoutConformance),
  layoutSpec: target(
    ['elementType', 'dims', 'rest'],
    () => ['f32', [3, 5], { tiles: [[2, 2]] }],
    c.layoutSpec,
  ),
  layouts: target(['bounds'], () => [{ maxRank: 2 }], c.layouts),
  layoutsFor: target(['dims', 'bounds'], () => [[3, 5], { permuted: true }], c.layoutsFor),
  layoutsWithIndex: target(['bounds'], () => [{ maxRank: 2 }], c.layoutsWithIndex),
  logicalIndices: target(
    ['dims'],
    () => [[2, 3]],
    (dims: readonly number[]) => [...c.logicalIndices(dims)],
  ),
  parseSpec: target(['text'], () => ['f32[3,5]{1,0:T(2,2)}'], c.parseSpec),
  permutations: target(['rank'], () => [3], c.permutations),
  referenceExpandedShape: target(['spec'], () => [SPEC()], c.referenceExpandedShape),
  referenceIndexNotation: target(
    ['notation', 'operands', 'initial', 'options'],
    () => [
      'y(i) = A(i,j) * x(j)',
      { A: { data: [1, 2, 3, 4], shape: [2, 2] }, x: { data: [1, 1], shape: [2] } },
      [0, 0],
      {},
    ],
    c.referenceIndexNotation,
  ),
  referenceLinearIndex: target(['spec', 'index'], () => [SPEC(), [2, 3]], c.referenceLinearIndex),
  referenceOffsets: target(['spec'], () => [SPEC()], c.referenceOffsets),
  referencePhysicalElementCount: target(['spec'], () => [SPEC()], c.referencePhysicalElementCount),
  referenceRelayout: target(
    ['spec', 'values', 'padValue'],
    () => [SPEC(), Array.from({ length: 15 }, (_, i) => i), -1],
    c.referenceRelayout,
  ),
  referenceTGather: target(['call'], () => [TILE_CALL()], c.referenceTGather),
  referenceTScatter: target(['call'], () => [TILE_CALL()], c.referenceTScatter),
  rowMajorIndex: target(
    ['index', 'dims'],
    () => [
      [1, 2],
      [3, 5],
    ],
    c.rowMajorIndex,
  ),
  runCase: target(
    ['testCase', 'exclusion'],
    () => [CASE(), { case: 'layout/x', reason: 'known' }],
    c.runCase,
  ),
  scipyNumber: target(['v'], () => ['Infinity'], c.scipyNumber),
  seededRandom: target(['seed'], () => [7], c.seededRandom),
  shapes: target(['bounds'], () => [{ maxRank: 2 }], c.shapes),
  sparseCaseId: target(['c'], () => [c.SPARSE_CASES[0]], c.sparseCaseId),
  sparseConformance: target(['impl', 'options'], () => [{}, SUITE_OPTIONS()], c.sparseConformance),
  summariseModule: target(['text'], () => ['func.func @f() {\n}'], c.summariseModule),
  tileCalls: target(['bounds'], () => [{ maxValid: 3 }], c.tileCalls),
  tiles: target(['length', 'maxTile', 'combine'], () => [2, 4, true], c.tiles),
  toNumbers: target(['values'], () => [[1, 2n, true]], c.toNumbers),
  toleranceFor: target(
    ['backend', 'explicit'],
    () => ['webgl', { absolute: 0, relative: 0 }],
    c.toleranceFor,
  ),
  typedArrayFor: target(['elementType', 'data'], () => ['i32', [1, 2]], c.typedArrayFor),
  vectorizerConformance: target(
    ['impl', 'options'],
    () => [{}, SUITE_OPTIONS()],
    c.vectorizerConformance,
  ),
  withinTolerance: target(
    ['actual', 'expected', 'tolerance'],
    () => [1, 1, c.EXACT],
    c.withinTolerance,
  ),
  xlaParserCases: target(['impl', 'file'], () => [{}, c.XLA_SHAPE_PARSER], c.xlaParserCases),
};

/** The comparisons exist to throw a CaseMismatch: that outcome keeps the contract. */
const COMPARISONS = ['check', 'expectEqual', 'expectRejection', 'expectValues'];

describe('every export of @tilekit/conformance keeps the error contract on junk', () => {
  it('the targets are every exported function and class', () => {
    expect(Object.keys(TARGETS).sort()).toEqual(callableExports(conformance));
  });

  it('junk stream 1: a result or a ConformanceError naming a parameter, in every position', async () => {
    const failures = await junkCallFailures(TARGETS, 1);
    const broken = failures.filter(
      (f) =>
        !(COMPARISONS.some((name) => f.startsWith(`${name}(`)) && f.includes('CaseMismatch names')),
    );
    expect(broken).toEqual([]);
  });
});
