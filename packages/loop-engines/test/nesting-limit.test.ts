/**
 * MAX_NESTING_DEPTH: each deeply nested shape is accepted at the limit (and printing,
 * verification and every engine handle the result without overflowing the stack) and is an
 * MlirParseError one level beyond it, not an untyped stack-overflow RangeError.
 */

import {
  MAX_NESTING_DEPTH,
  MlirParseError,
  parseModule,
  printModule,
  verifyModule,
} from '@tilekit/loop-ir';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import { compile, ENGINES } from '../src/index.js';

const L = MAX_NESTING_DEPTH;

/** A function whose body holds `loops` nested `scf.for`s (region depth loops + 1). */
function nestedLoops(loops: number): string {
  const ivs = Array.from({ length: loops }, (_, k) => k);
  return `func.func @f(%m: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
${ivs.map((k) => `scf.for %i${k} = %c0 to %c1 step %c1 {`).join('\n')}
  %x = memref.load %m[%c0] : memref<1xindex>
  %y = arith.addi %x, %c1 : index
  memref.store %y, %m[%c0] : memref<1xindex>
${ivs.map(() => '}').join('\n')}
  return
}`;
}

/** An array attribute `depth` brackets deep. */
function nestedArrays(depth: number): string {
  return `func.func @f() attributes {x = ${'['.repeat(depth)}${']'.repeat(depth)}} {\n  return\n}`;
}

/** A type attribute of function types nested `depth` deep: `((() -> ()) -> ()) -> ()`. */
function nestedFunctionTypes(depth: number): string {
  const type = Array.from({ length: depth - 1 }).reduce<string>((t) => `(${t}) -> ()`, '() -> ()');
  return `func.func @f() attributes {t = ${type}} {\n  return\n}`;
}

/** `vector<` nested `depth` deep (invalid MLIR at any depth above 1: an element type error). */
function nestedVectors(depth: number): string {
  return `func.func @f(%v: ${'vector<4x'.repeat(depth)}f32${'>'.repeat(depth)}) {\n  return\n}`;
}

/** `d0 + d0 + ...`: `terms` terms, a left-deep tree of height terms - 1. */
function affineSum(terms: number): string {
  const sum = Array.from({ length: terms }, () => 'd0').join(' + ');
  return `func.func @f(%n: index) -> index {
  %r = affine.apply affine_map<(d0) -> (${sum})>(%n)
  return %r : index
}`;
}

/** `((...(d0)...))` with `depth` parentheses. */
function affineParens(depth: number): string {
  return `func.func @f(%n: index) -> index {
  %r = affine.apply affine_map<(d0) -> (${'('.repeat(depth)}d0${')'.repeat(depth)})>(%n)
  return %r : index
}`;
}

function expectNestingError(text: string, kind: string): void {
  const error = thrownBy(() => parseModule(text));
  expect(error).toBeInstanceOf(MlirParseError);
  expect((error as MlirParseError).detail).toBe(
    `${kind} nested deeper than the limit of ${L} (MAX_NESTING_DEPTH)`,
  );
}

/** Parses, verifies and prints `text`; print∘parse must be a fixed point. */
function roundTrip(text: string): ReturnType<typeof parseModule> {
  const module = verifyModule(parseModule(text));
  const printed = printModule(module);
  expect(printModule(verifyModule(parseModule(printed)))).toBe(printed);
  return module;
}

describe('MAX_NESTING_DEPTH', () => {
  it('is a documented positive limit', () => {
    expect(Number.isInteger(L) && L > 0).toBe(true);
  });

  it('regions: a loop nest at the limit runs on every engine; one more is a parse error', () => {
    const module = roundTrip(nestedLoops(L - 1));
    for (const engine of ENGINES) {
      const m = new BigInt64Array([41n]);
      compile(module, 'f', { engine })(m);
      expect(m[0], engine).toBe(42n); // every loop runs once: the body adds 1 once
    }
    // The limit counts regions below the module, with or without `module { }` around them.
    expectNestingError(nestedLoops(L), 'region');
    expectNestingError(`module {\n${nestedLoops(L)}\n}`, 'region');
  });

  it('attribute arrays: at the limit they print back; one more is a parse error', () => {
    const printed = printModule(roundTrip(nestedArrays(L)));
    expect(printed).toContain(`${'['.repeat(L)}${']'.repeat(L)}`);
    expectNestingError(nestedArrays(L + 1), 'attribute');
  });

  it('dense literals count as attribute nesting', () => {
    const dense = (depth: number) =>
      `func.func @f() {\n  %v = arith.constant dense<${'['.repeat(depth)}1.0${']'.repeat(depth)}> : vector<1xf32>\n  return\n}`;
    const value = parseModule(dense(L)).operations[0]?.regions[0]?.blocks[0]?.operations[0];
    expect(value?.attributes.value).toMatchObject({ kind: 'dense', values: [1] });
    expectNestingError(dense(L + 1), 'attribute');
  });

  it('types: function types at the limit print back; one more is a parse error', () => {
    const printed = printModule(roundTrip(nestedFunctionTypes(L)));
    expect(printed.split('->').length - 1).toBe(L);
    expectNestingError(nestedFunctionTypes(L + 1), 'type');
  });

  it('types: nested vectors get the element-type error at the limit, the nesting error beyond', () => {
    expect(() => parseModule(nestedVectors(L))).toThrowError(/vector elements must be/);
    expectNestingError(nestedVectors(L + 1), 'type');
  });

  it('affine sums: height at the limit evaluates on every engine; one more term is an error', () => {
    const module = roundTrip(affineSum(L + 1));
    for (const engine of ENGINES)
      expect(compile(module, 'f', { engine })(3n), engine).toEqual([3n * BigInt(L + 1)]);
    expectNestingError(affineSum(L + 2), 'affine expression');
  });

  it('affine parentheses: at the limit they parse; one more is an error', () => {
    const module = roundTrip(affineParens(L));
    expect(compile(module, 'f')(5n)).toEqual([5n]);
    expectNestingError(affineParens(L + 1), 'affine expression');
  });
});
