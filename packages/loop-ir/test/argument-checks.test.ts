/**
 * loop-ir's public boundary: junk where a module, text, function name, argument list, options,
 * registry or pipeline step is expected is a LoopIrArgumentError naming that argument, never a
 * TypeError from inside (and `parseModule(42)` is no longer read as the text '42').
 */
import { describe, expect, it } from 'vitest';
import {
  canonicalizePass,
  interpret,
  parseModule,
  parsePassPipeline,
  passRegistry,
  pipelineStep,
  printModule,
  printOperation,
  runPassPipeline,
  verifyModule,
} from '../src/index.js';
import { argumentError } from './support/thrown.js';

const MODULE = 'func.func @f(%a: index) -> index {\n  return %a : index\n}';
const JUNK: readonly [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['42', 42],
  ['NaN', Number.NaN],
  ['a symbol', Symbol('x')],
  ['{}', {}],
  ['a frozen array', Object.freeze([1])],
  ['2^32 - 1 holes', new Array(2 ** 32 - 1)],
];

describe('loop-ir argument checks', () => {
  const registry = passRegistry([canonicalizePass]);
  for (const [label, junk] of JUNK) {
    it(`${label} in each position is a LoopIrArgumentError naming the argument`, () => {
      const m = () => parseModule(MODULE);
      const isStringish = typeof junk === 'string';
      if (!isStringish)
        expect(argumentError(() => parseModule(junk as string)).argument).toBe('text');
      const notModule = !Array.isArray((junk as { operations?: unknown } | null)?.operations);
      if (notModule) {
        expect(argumentError(() => printModule(junk as never)).argument).toBe('module');
        expect(argumentError(() => verifyModule(junk as never)).argument).toBe('module');
        expect(argumentError(() => interpret(junk as never, 'f', [])).argument).toBe('module');
        expect(argumentError(() => runPassPipeline(junk as never, [])).argument).toBe('module');
        expect(argumentError(() => printOperation(junk as never)).argument).toBe('op');
      }
      expect(argumentError(() => interpret(m(), junk as string, [])).argument).toBe('fnName');
      if (!Array.isArray(junk)) {
        expect(argumentError(() => interpret(m(), 'f', junk as never)).argument).toBe('args');
      }
      expect(argumentError(() => parsePassPipeline(junk as string, registry)).argument).toBe(
        'text',
      );
      expect(
        argumentError(() => parsePassPipeline('builtin.module()', junk as never)).argument,
      ).toBe('registry');
      expect(argumentError(() => pipelineStep(junk as never, 'cse')).argument).toBe('registry');
      if (!Array.isArray(junk)) {
        expect(argumentError(() => runPassPipeline(m(), junk as never)).argument).toBe('steps');
        expect(argumentError(() => passRegistry(junk as never)).argument).toBe('passes');
      }
    });
  }

  it('a module whose list holds something other than an operation names the element', () => {
    const op = parseModule(MODULE).operations[0];
    for (const [, junk] of JUNK) {
      // A hole (sparse list) or junk at a random place among real operations.
      for (const at of [0, 1, 2]) {
        const operations = [op, op];
        if (junk === undefined) operations.length = Math.max(operations.length, at + 1);
        else operations.splice(at, 0, junk as never);
        if (junk === undefined) delete operations[at];
        const module = { operations } as never;
        for (const call of [
          () => printModule(module),
          () => verifyModule(module),
          () => interpret(module, 'f', [1n]),
          () => runPassPipeline(module, []),
        ]) {
          expect(argumentError(call).argument).toBe(`module.operations[${at}]`);
        }
      }
    }
  });

  it('options that are not an object are named', () => {
    for (const junk of [null, 5, 'x', [1]]) {
      expect(
        argumentError(() => interpret(parseModule(MODULE), 'f', [1n], junk as never)).argument,
      ).toBe('options');
    }
  });

  it('valid arguments still work: the checks only reject', () => {
    const m = parseModule(MODULE);
    expect(verifyModule(m)).toBe(m);
    expect(printModule(m)).toContain('func.func @f');
    const steps = parsePassPipeline(
      'builtin.module(canonicalize)',
      passRegistry([canonicalizePass]),
    );
    expect(printModule(runPassPipeline(m, steps).module)).toBe(printModule(m));
  });
});
