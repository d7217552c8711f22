/**
 * Symbol names print bare only when they match MLIR's bare-id grammar; any other name is
 * quoted with MLIR's escapes, so print∘parse keeps one function per name whatever the name
 * holds (a name that embeds MLIR text must not read back as extra functions).
 */
import { describe, expect, it } from 'vitest';
import {
  buildFunction,
  buildModule,
  parseModule,
  printModule,
  printSymbolName,
} from '../../src/index.js';

const NAMES = [
  'a() {\n return\n }\n func.func @injected',
  'quote"and\\backslash',
  'tab\tand é and 🙂',
  '1leading_digit',
  'with-dash',
  'with space',
  'ok_name$.1',
  '_x',
];

/** The names of the top-level functions of `text`. */
function functionNames(text: string): string[] {
  return parseModule(text).operations.map((op) => {
    const sym = op.attributes.sym_name;
    return sym?.kind === 'string' ? sym.value : '';
  });
}

describe('symbol names', () => {
  it.each(NAMES)('%j reads back as one function of the same name', (name) => {
    const text = printModule(buildModule([buildFunction(name, [], [], () => [])]));
    expect(functionNames(text)).toEqual([name]);
    expect(printModule(parseModule(text))).toBe(text);
  });

  it('quotes exactly the names outside [a-zA-Z_][a-zA-Z0-9_$.]*', () => {
    const bare = /^[a-zA-Z_][a-zA-Z0-9_$.]*$/;
    for (const name of NAMES) {
      expect(printSymbolName(name).startsWith('@"'), name).toBe(!bare.test(name));
    }
  });

  it('escapes bytes like MLIR: \\22 for a quote, \\\\ for a backslash, UTF-8 bytes as \\XX', () => {
    expect(printSymbolName('a"b\\c\nd')).toBe('@"a\\22b\\\\c\\0Ad"');
    expect(printSymbolName('é')).toBe('@"\\C3\\A9"');
  });
});
