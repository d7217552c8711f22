/**
 * The engines fail alike: random affine maps with `floordiv`, `ceildiv` and `mod` by symbols
 * (often zero) over random operands either give the same value on the interpreter, js and
 * wasm, or raise the same `AffineEvalError` with the same message on all three.
 */

import { AffineEvalError, parseModule } from '@tilekit/loop-ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type EngineName } from '../src/index.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/** The outcome of one call: its results, or the error's class and message. */
function outcome(run: () => unknown): string {
  try {
    return `= ${String(run())}`;
  } catch (e) {
    return `${(e as Error).constructor.name}: ${(e as Error).message}`;
  }
}

describe('an affine division by a zero symbol', () => {
  const module = parseModule(`func.func @f(%i: index, %s: index) -> (index, index, index) {
  %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%i)[%s]
  %c = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%i)[%s]
  %m = affine.min affine_map<(d0)[s0] -> (d0, d0 mod s0)>(%i)[%s]
  return %q, %c, %m : index, index, index
}`);
  for (const engine of ENGINES) {
    it(`raises AffineEvalError on ${engine}`, () => {
      const fn = compile(module, 'f', { engine });
      expect(() => fn(7, 0)).toThrow(AffineEvalError);
      expect(() => fn(7, 0)).toThrow('affine floordiv by zero');
      expect(fn(7, -2)).toEqual([-4n, -3n, 1n]);
    });
  }
});

/** A random affine expression over d0, d1 and s0, s1 whose divisors are symbols or constants. */
const exprArb: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('d0', 'd1', 's0', 's1'),
    fc.integer({ min: -4, max: 4 }).map(String),
    fc
      .tuple(tie('expr'), fc.constantFrom('+', '-'), tie('expr'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('expr'), fc.integer({ min: -3, max: 3 })).map(([a, k]) => `(${a} * ${k})`),
    fc
      .tuple(
        tie('expr'),
        fc.constantFrom('floordiv', 'ceildiv', 'mod'),
        fc.constantFrom('s0', 's1', '(s0 - s1)', '3', '-2'),
      )
      .map(([a, op, d]) => `(${a} ${op} ${d})`),
  ),
})).expr;

const caseArb = fc.record({
  results: fc.array(exprArb, { minLength: 1, maxLength: 3 }),
  kind: fc.constantFrom('apply', 'min', 'max'),
  operands: fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 2, maxLength: 2 }),
  symbols: fc.array(fc.constantFrom(0, 0, 1, -1, 2, -3, 5), { minLength: 2, maxLength: 2 }),
});

describe('random affine maps: same value or same error on every engine', () => {
  const cases = fc.sample(caseArb, { seed: 25, numRuns: 300 });
  it('agree on all cases, and the corpus contains both outcomes', () => {
    const wrong: string[] = [];
    let errors = 0;
    cases.forEach((c, k) => {
      const results = c.kind === 'apply' ? [c.results[0] as string] : c.results;
      const text = `func.func @f(%d0: index, %d1: index, %s0: index, %s1: index) -> index {
  %r = affine.${c.kind} affine_map<(d0, d1)[s0, s1] -> (${results.join(', ')})>(%d0, %d1)[%s0, %s1]
  return %r : index
}`;
      const module = parseModule(text);
      const args = [...c.operands, ...c.symbols];
      const [reference, ...others] = ENGINES.map((engine) =>
        outcome(() => compile(module, 'f', { engine })(...args)),
      );
      if (reference?.startsWith('AffineEvalError')) errors++;
      others.forEach((o, e) => {
        if (o !== reference)
          wrong.push(`case ${k} ${ENGINES[e + 1]}: ${o} vs ${reference}\n${text}\n${args}`);
      });
    });
    expect(wrong).toEqual([]);
    expect(errors).toBeGreaterThan(cases.length / 20);
    expect(errors).toBeLessThan(cases.length);
  });
});
