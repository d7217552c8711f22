/**
 * The engines' public boundary: junk where a module, function name or options object is
 * expected is an EngineArgumentError naming that argument, on every entry point that reads a
 * function's signature, never a TypeError from inside.
 */
import { isTilekitError } from '@tilekit/errors';
import { parseModule } from '@tilekit/loop-ir';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  compile,
  compileJs,
  compileWasm,
  EngineArgumentError,
  generateJsSource,
} from '../src/index.js';

const MODULE = 'func.func @f(%a: index) -> index {\n  return %a : index\n}';
const JUNK: readonly [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['42', 42],
  ['NaN', Number.NaN],
  ['a symbol', Symbol('x')],
  ['an array', [1, 2]],
  ['2^32 - 1 holes', new Array(2 ** 32 - 1)],
];

describe('engine argument checks', () => {
  const entries = { compile, compileJs, compileWasm, generateJsSource } as const;
  for (const [label, junk] of JUNK) {
    it(`${label} as module, fnName or options is an EngineArgumentError naming it`, () => {
      for (const [name, entry] of Object.entries(entries)) {
        const run = entry as (...args: unknown[]) => unknown;
        const cases: [unknown[], string][] = [
          [[junk, 'f'], 'module'],
          [[parseModule(MODULE), junk], 'fnName'],
        ];
        // compileWasm's options are the wasm engine's own (checked there).
        if (junk !== undefined && name !== 'compileWasm')
          cases.push([[parseModule(MODULE), 'f', junk], 'options']);
        for (const [args, argument] of cases) {
          const error = thrownBy(() => run(...args));
          expect(error, `${name} ${argument}`).toBeInstanceOf(EngineArgumentError);
          expect((error as EngineArgumentError).argument, name).toBe(argument);
          expect(isTilekitError(error)).toBe(true);
        }
      }
    });
  }

  for (const [label, junk] of JUNK) {
    // An option given as null or undefined takes its default.
    if (junk === undefined || junk === null) continue;
    it(`${label} as options.engine or options.vscale is an EngineArgumentError naming it`, () => {
      const options: [Record<string, unknown>, string][] = [[{ engine: junk }, 'options.engine']];
      // 42 lanes per scalable unit is a valid vscale.
      if (junk !== 42) options.push([{ vscale: junk }, 'options.vscale']);
      for (const [given, argument] of options) {
        const error = thrownBy(() => compile(parseModule(MODULE), 'f', given));
        expect(error, argument).toBeInstanceOf(EngineArgumentError);
        expect((error as EngineArgumentError).argument).toBe(argument);
        expect((error as Error).message.length, argument).toBeLessThan(200);
      }
    });
  }

  it('a junk memref argument, or junk in a view field, is a typed error on every engine', () => {
    const text = 'func.func @g(%m: memref<?xf32>) {\n  return\n}';
    const fields = (junk: unknown) => [
      junk,
      { data: junk, shape: [2] },
      { data: new Float32Array(2), shape: junk },
      { data: new Float32Array(2), shape: [2], strides: junk },
      { data: new Float32Array(2), shape: [2], offset: junk },
    ];
    for (const [label, junk] of JUNK) {
      for (const engine of ['interpreter', 'js', 'wasm'] as const) {
        const call = compile(parseModule(text), 'g', { engine });
        for (const arg of fields(junk)) {
          // A field given as null or undefined takes its default.
          if ((junk === undefined || junk === null) && arg !== junk) continue;
          const error = thrownBy(() => call(arg as never));
          expect(isTilekitError(error), `${label}, ${engine}: ${String(error)}`).toBe(true);
        }
      }
    }
  });

  it('valid arguments still compile and run', () => {
    expect(compile(parseModule(MODULE), 'f', { engine: 'js' })(7n)).toEqual([7n]);
    expect(compileJs(parseModule(MODULE), 'f')(7n)).toEqual([7n]);
  });
});
