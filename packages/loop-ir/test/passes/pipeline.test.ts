/**
 * The pass infrastructure: option strings parsed against each pass's declared options, pipeline
 * strings as mlir-opt spells them, and pipelines that run passes in order and verify after each.
 */
import { DEFAULT_SEED } from '@tilekit/conformance';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalize,
  canonicalizePass,
  cse,
  csePass,
  type Module,
  type Pass,
  PassOptionError,
  PassPipelineError,
  PassVerificationError,
  parseModule,
  parseOptionString,
  parsePassPipeline,
  passRegistry,
  printModule,
  runPassPipeline,
  verificationDiagnostics,
} from '../../src/index.js';

/** A pass that records its options and returns the module unchanged. */
const probe: Pass<Readonly<Record<string, number | boolean>>> = {
  name: 'probe',
  summary: 'test pass',
  options: [
    { name: 'n', type: 'integer', description: 'a count' },
    { name: 'flag', type: 'boolean', description: 'a switch' },
  ],
  parseOptions(text) {
    return parseOptionString(this.name, this.options, text);
  },
  run: (module) => ({ module, report: 'probed' }),
};

const registry = passRegistry([csePass, canonicalizePass, probe]);

const TEXT = `func.func @f(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %x = arith.mulf %a, %c : f32
  %y = arith.mulf %a, %c : f32
  %z = arith.addf %x, %y : f32
  return %z : f32
}
`;

describe('parseOptionString', () => {
  it('parses any set of declared options back to the values written', () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat({ max: 2 ** 40 }), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.constantFrom('=true', '=1', ''),
        fc.constantFrom(' ', '  ', '\t'),
        (n, flag, trueSpelling, gap) => {
          const parts = [
            ...(n === undefined ? [] : [`n=${n}`]),
            ...(flag === undefined ? [] : [flag ? `flag${trueSpelling}` : 'flag=false']),
          ];
          const expected = {
            ...(n === undefined ? {} : { n }),
            ...(flag === undefined ? {} : { flag }),
          };
          expect(parseOptionString('probe', probe.options, ` ${parts.join(gap)} `)).toEqual(
            expected,
          );
        },
      ),
      { seed: DEFAULT_SEED, numRuns: 200 },
    );
  });

  it.each([
    ['m=1', 'm', /option 'm' takes nothing: it is unknown \(known: n, flag\)/],
    ['n=-1', 'n', /option 'n' takes a non-negative integer, got '-1'/],
    ['n=1e9', 'n', /got '1e9'/],
    ['n', 'n', /got ''/],
    ['flag=maybe', 'flag', /option 'flag' takes true or false, got 'maybe'/],
  ])('%s is a PassOptionError naming the option', (text, argument, message) => {
    const attempt = () => parseOptionString('probe', probe.options, text);
    expect(attempt).toThrow(PassOptionError);
    expect(attempt).toThrow(message);
    expect(attempt).toThrow(
      expect.objectContaining({ argument, pass: 'probe', code: 'pass-option' }),
    );
  });
});

describe('parsePassPipeline', () => {
  it('reads builtin.module(...) with options in braces, in order', () => {
    const steps = parsePassPipeline(
      ' builtin.module( cse ,probe{n=3 flag}, canonicalize,probe{} ) ',
      registry,
    );
    expect(steps.map((s) => s.pass.name)).toEqual(['cse', 'probe', 'canonicalize', 'probe']);
    expect(steps[1]?.options).toEqual({ n: 3, flag: true });
    expect(steps[3]?.options).toEqual({});
    expect(parsePassPipeline('builtin.module()', registry)).toEqual([]);
  });

  it.each([
    ['cse', /'builtin.module\(...\)' around the passes/],
    ['builtin.module(cse', /'builtin.module\(...\)' around the passes/],
    ['builtin.module(nope)', /a registered pass \(cse, canonicalize, probe\), found 'nope'/],
    ['builtin.module(func.func(cse))', /nested pass managers/],
    ['builtin.module(cse,,canonicalize)', /a pass name/],
    ['builtin.module(probe{n=1)', /a pass name/],
  ])('%s is a PassPipelineError', (text, message) => {
    expect(() => parsePassPipeline(text, registry)).toThrow(PassPipelineError);
    expect(() => parsePassPipeline(text, registry)).toThrow(message);
  });

  it("a pass's own option error comes through as a PassOptionError", () => {
    expect(() => parsePassPipeline('builtin.module(cse{x=1})', registry)).toThrow(PassOptionError);
  });

  it('refuses two passes with one name', () => {
    expect(() => passRegistry([csePass, csePass])).toThrow(PassPipelineError);
  });
});

describe('runPassPipeline', () => {
  it('runs the passes in order, as the functions applied one after the other', () => {
    const module = parseModule(TEXT);
    const before = printModule(module);
    const result = runPassPipeline(
      module,
      parsePassPipeline('builtin.module(cse, probe, canonicalize)', registry),
    );
    expect(printModule(result.module)).toBe(printModule(canonicalize(cse(module))));
    expect(result.reports).toEqual([{ pass: 'probe', report: 'probed' }]);
    expect(printModule(module)).toBe(before);
  });

  it('a pass that returns IR the verifier rejects fails with the verifier message', () => {
    const broken: Module = parseModule(`func.func @g(%a: memref<?xf32>, %i: index) -> f32 {
  %x = memref.load %a[%i, %i] : memref<?xf32>
  return %x : f32
}
`);
    const [diagnostic] = verificationDiagnostics(broken);
    const breaking: Pass<null> = { ...csePass, name: 'breaking', run: () => ({ module: broken }) };
    const run = () =>
      runPassPipeline(parseModule(TEXT), [{ pass: breaking as Pass, options: null }]);
    expect(run).toThrow(PassVerificationError);
    expect(run).toThrow(diagnostic?.message as string);
    expect(run).toThrow(/the module after breaking fails verification/);
  });
});
