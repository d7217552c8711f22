/**
 * Malformed inputs: each case marks the offending position with `⟨⟩` by hand; the test
 * strips the marker and expects an MlirParseError at exactly that line/column, with the
 * given message gist.
 */
import { describe, expect, it } from 'vitest';
import { MlirParseError, parseModule } from '../../src/index.js';

interface Case {
  readonly name: string;
  readonly text: string;
  readonly message: RegExp;
}

const MARK = '⟨⟩';

/** Wraps `body` in a function with common arguments. */
function fn(body: string): string {
  return `func.func @f(%a: f32, %b: f32, %i: index, %n: index, %m: memref<?xf32>, %v: vector<4xf32>) {\n${body}\n  return\n}\n`;
}

const CASES: readonly Case[] = [
  {
    name: 'unknown op',
    text: fn(`  %0 = ${MARK}arith.frobnicate %a : f32`),
    message: /custom op 'arith.frobnicate' is unknown/,
  },
  {
    name: 'undeclared value',
    text: fn(`  %0 = arith.addf %a, ${MARK}%zz : f32`),
    message: /undeclared SSA value name '%zz'/,
  },
  {
    name: 'use with wrong type',
    text: fn(`  %0 = arith.addf %a, ${MARK}%i : f32`),
    message: /expects different type than prior uses: 'f32' vs 'index'/,
  },
  {
    name: 'missing colon',
    text: fn(`  %0 = arith.addf %a, %b ${MARK}f32`),
    message: /expected ':' after operands, found 'f32'/,
  },
  {
    name: 'unclosed function body',
    text: `func.func @f() {\n  return\n${MARK}`,
    message: /expected '}' to end region, found end of input/,
  },
  {
    name: 'unsupported integer width',
    text: `func.func @f(%x: ${MARK}i7) {\n  return\n}`,
    message: /unsupported integer type 'i7'/,
  },
  {
    name: 'dynamic vector dimension',
    text: `func.func @f(%x: vector<?x${MARK}f32>) {\n  return\n}`,
    message: /vector dimensions must be static/,
  },
  {
    name: 'redefined value',
    text: fn(`  %0 = arith.addf %a, %b : f32\n  ${MARK}%0 = arith.addf %a, %b : f32`),
    message: /redefinition of SSA value '%0'/,
  },
  {
    name: 'integer out of range',
    text: fn(`  %0 = arith.constant ${MARK}300 : i8`),
    message: /integer constant out of range/,
  },
  {
    name: 'float literal for integer',
    text: fn(`  %0 = arith.constant ${MARK}1.5 : i32`),
    message: /expected integer value, found floating point literal/,
  },
  {
    name: 'integer literal for float',
    text: fn(`  %0 = arith.constant ${MARK}1 : f32`),
    message: /unexpected decimal integer literal for a floating point value/,
  },
  {
    name: 'unknown cmpi predicate',
    text: fn(`  %0 = arith.cmpi ${MARK}less, %i, %n : index`),
    message: /invalid predicate 'less' for arith.cmpi/,
  },
  {
    name: 'unknown combining kind',
    text: fn(`  %0 = vector.reduction <${MARK}plus>, %v : vector<4xf32> into f32`),
    message: /unknown combining kind 'plus'/,
  },
  {
    name: 'unterminated string',
    text: fn(`  %0 = arith.addf %a, %b {note = ${MARK}"abc} : f32`),
    message: /unterminated string literal/,
  },
  {
    name: 'stray character',
    text: fn(`  %0 = arith.addf %a, %b : f32 ${MARK}$`),
    message: /unexpected character '\$'/,
  },
  {
    name: 'too many result names',
    text: fn(`  ${MARK}%0, %1 = arith.addf %a, %b : f32`),
    message: /defines 1 results but was provided 2 to bind/,
  },
  {
    name: 'undefined map alias',
    text: fn(`  %0 = affine.min ${MARK}#nomap(%i)`),
    message: /undefined symbol alias id 'nomap'/,
  },
  {
    name: 'affine operand count',
    text: fn(`  %0 = affine.apply ${MARK}affine_map<(d0, d1) -> (d0)>(%i)`),
    message: /dimension operand count does not equal affine map dimension count/,
  },
  {
    name: 'undeclared affine identifier',
    text: fn(`  %0 = affine.apply affine_map<(d0) -> (${MARK}d1)>(%i)`),
    message: /undeclared affine identifier 'd1'/,
  },
  {
    name: 'dense element count',
    text: fn(`  %0 = arith.constant dense${MARK}<[1, 2, 3]> : vector<4xi32>`),
    message: /dense literal has 3 elements, type 4/,
  },
  {
    name: 'affine memref layout',
    text: `func.func @f(%x: memref<?xf32, ${MARK}affine_map<(d0) -> (d0)>>) {\n  return\n}`,
    message: /only strided memref layouts are supported/,
  },
  {
    name: "scf.for without 'to'",
    text: fn(`  scf.for %k = %i ${MARK}%n step %i {\n  }`),
    message: /expected 'to' after lower bound/,
  },
  {
    name: 'iter_args count',
    text: fn(
      `  %0:2 = scf.for %k = %i to %n step %i iter_args(%x = %a) -> (f32, f32) ${MARK}{\n  }`,
    ),
    message: /mismatch in number of loop-carried values/,
  },
  {
    name: 'generic operand count',
    text: fn(`  %0 = "arith.addf"(${MARK}%a) : (f32, f32) -> f32`),
    message: /1 operands present, but expected 2/,
  },
  {
    name: 'tensor type',
    text: `func.func @f(%x: ${MARK}tensor<4xf32>) {\n  return\n}`,
    message: /unsupported type 'tensor'/,
  },
  {
    name: 'unknown string escape',
    text: fn(`  %0 = arith.addf %a, %b {note = "a${MARK}\\q"} : f32`),
    message: /unknown escape '\\q'/,
  },
  {
    name: 'block successors',
    text: fn(`  "cf.br"()${MARK}[^bb1] : () -> ()`),
    message: /block successors are not supported/,
  },
  {
    name: "function type without '->'",
    text: fn(`  %0 = "arith.addf"(%a, %a) : (f32, f32) ${MARK}f32`),
    message: /expected '->' in function type/,
  },
  {
    name: "'%' without a name",
    text: fn(`  ${MARK}% = arith.addf %a, %b : f32`),
    message: /expected SSA value name after '%'/,
  },
  {
    name: 'result number out of range',
    text: fn(`  %r:2 = "test.pair"() : () -> (f32, f32)\n  %0 = arith.addf ${MARK}%r#5, %a : f32`),
    message: /'%r' has 2 results, '#5' is out of range/,
  },
  {
    name: 'duplicate dictionary key',
    text: fn(`  %0 = arith.addf %a, %b {k = 1 : i32, ${MARK}k = 2 : i32} : f32`),
    message: /duplicate key 'k'/,
  },
  {
    name: 'redefined alias',
    text: `#map = affine_map<(d0) -> (d0)>\n${MARK}#map = affine_map<(d0) -> (d0)>\n`,
    message: /redefinition of attribute alias '#map'/,
  },
  {
    name: 'insertelement with i32 position',
    text: fn(`  %0 = vector.insertelement %a, %v[%i : ${MARK}i32] : vector<4xf32>`),
    message: /only index element positions are supported/,
  },
  {
    // mlir-opt-22 reports the same position and message (the literal must fit int64).
    name: 'affine constant beyond int64',
    text: fn(
      `  %0 = affine.apply affine_map<(d0) -> (d0 + ${MARK}99999999999999999999999999)>(%i)`,
    ),
    message: /^constant too large for index$/,
  },
  {
    name: 'affine constant 2^63 (negated literal)',
    text: fn(`  %0 = affine.apply affine_map<(d0) -> (-${MARK}9223372036854775808)>(%i)`),
    message: /^constant too large for index$/,
  },
  {
    name: 'symbol starting with a digit',
    text: `func.func @${MARK}1abc() {\n  return\n}`,
    message: /^@ identifier expected to start with letter or '_'$/,
  },
  {
    // MLIR reads `@a-b` as `@a` followed by `-`.
    name: 'dash in a bare symbol',
    text: `func.func @a${MARK}-b() {\n  return\n}`,
    message: /expected '\(' .*, found '-'/,
  },
  {
    name: 'string escapes that are not UTF-8',
    text: fn(`  %0 = arith.addf %a, %b {tag = ${MARK}"\\FF"} : f32`),
    message: /string literal escapes are not valid UTF-8/,
  },
  {
    name: 'garbage after module',
    text: `module {\n}\n${MARK}}`,
    message: /expected end of input after module, found '}'/,
  },
  {
    name: 'dialect attribute whose brackets close out of order (a string does not count)',
    text: `func.func @f() attributes {a = #foo.bar<[{${MARK}"]}"]>} {\n  return\n}\n`,
    message: /unbalanced '\{' character in pretty dialect name/,
  },
  {
    name: 'dialect attribute that never closes',
    text: `func.func @f() attributes {a = #foo.bar${MARK}<[x]\n`,
    message: /unbalanced '<' character in pretty dialect name/,
  },
];

/** 1-based line and column of the marker, computed from the text alone. */
function markerPosition(text: string): { line: number; column: number; source: string } {
  const at = text.indexOf(MARK);
  const before = text.slice(0, at);
  const lines = before.split('\n');
  return {
    line: lines.length,
    column: (lines[lines.length - 1] as string).length + 1,
    source: text.replace(MARK, ''),
  };
}

describe('parse errors name the position and what was expected', () => {
  it('has at least 25 cases, each with one marker', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
    for (const c of CASES) expect(c.text.split(MARK).length, c.name).toBe(2);
  });

  it.each(CASES)('$name', ({ text, message }) => {
    const { line, column, source } = markerPosition(text);
    let error: unknown;
    try {
      parseModule(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MlirParseError);
    const e = error as MlirParseError;
    expect(e.detail).toMatch(message);
    expect({ line: e.line, column: e.column }).toEqual({ line, column });
    expect(e.message.startsWith(`${line}:${column}: `)).toBe(true);
  });

  it('reports what was expected for missing punctuation', () => {
    const { source } = markerPosition(CASES[3]?.text ?? '');
    expect(() => parseModule(source)).toThrowError(expect.objectContaining({ expected: "':'" }));
  });
});
