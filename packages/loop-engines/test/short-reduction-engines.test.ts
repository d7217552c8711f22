/**
 * The vectorizer's `halfWidthShortReductions` path (an `scf.if` running rows of at most vl
 * entries as the scalar loop) on every engine: CSR row reductions over rows of every length
 * (empty, at and around half and full width, long skewed rows), vectorized with and without
 * the short path, leave byte-identical outputs on the interpreter, js and wasm — equal to the
 * interpreter running the full-width code, but for the sign and payload of NaN results
 * (IEEE 754 specifies neither, and the two paths combine terms in different ops), which
 * are compared as NaNs.
 */
import {
  type InterpretArg,
  type InterpretResult,
  type Module,
  parseModule,
} from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { snapshot } from '@tilekit/test-support';
import {
  csrRowReductionText,
  type ReductionElement,
} from '@tilekit/test-support/csr-row-reduction';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type EngineName } from '../src/index.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/** `y(i) = r ⊕ (val(j) * x(crd(j)))` over CSR rows, i32 positions and coordinates. */
const rowReduction = (element: ReductionElement, combine: string, term: string) =>
  csrRowReductionText({ element, combine, term, crd: 'i32', pos: 'i32', init: 'argument' });

const CASES = [
  { t: 'f64', combine: 'arith.addf', multiply: 'arith.mulf' },
  { t: 'f64', combine: 'arith.subf', multiply: 'arith.mulf' },
  { t: 'f32', combine: 'arith.addf', multiply: 'arith.mulf' },
  { t: 'f32', combine: 'arith.mulf', multiply: 'arith.addf' },
  { t: 'i32', combine: 'arith.addi', multiply: 'arith.muli' },
  { t: 'i64', combine: 'arith.xori', multiply: 'arith.muli' },
] as const;

/** Signed zeros, NaNs (quiet, with a payload, negative), infinities and a subnormal. */
const FLOAT_SPECIALS = [0, -0, Number.NaN, -Number.NaN, Number.POSITIVE_INFINITY, 1, -1, 5e-324];

/** Uniform draws in [0, 1) from fast-check's generator seeded with `seed`. */
function draws(seed: number): () => number {
  const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
  const [values] = fc.sample(fc.array(unit, { minLength: 4096, maxLength: 4096 }), {
    seed,
    numRuns: 1,
  }) as [number[]];
  let k = 0;
  return () => values[k++ % values.length] as number;
}

/** Fresh arguments (rows of every length) for element type `t`, from `seed`. */
function argumentsFor(t: string, vl: number, seed: number): InterpretArg[] {
  const next = draws(seed);
  const h = Math.floor(vl / 2);
  const fixed = [0, 1, h - 1, h, h + 1, vl, vl + 1, 0, 3 * vl + 1];
  const lengths = Array.from({ length: 48 }, (_, k) =>
    k < fixed.length
      ? Math.max(0, fixed[k] as number)
      : next() < 0.1
        ? Math.floor(next() * 8 * vl)
        : Math.floor(next() * (vl + 1)),
  );
  const pos = new Int32Array(lengths.length + 1);
  lengths.forEach((n, k) => {
    pos[k + 1] = (pos[k] as number) + n;
  });
  const nnz = pos[lengths.length] as number;
  const columns = 97;
  const crd = Int32Array.from({ length: nnz }, () => Math.floor(next() * columns));
  const float = (): number =>
    next() < 0.25
      ? (FLOAT_SPECIALS[Math.floor(next() * FLOAT_SPECIALS.length)] as number)
      : (next() * 2 - 1) * 2 ** Math.floor(next() * 30 - 15);
  const int = () => Math.floor(next() * 2001) - 1000;
  const data = (n: number) =>
    t === 'f64'
      ? Float64Array.from({ length: n }, float)
      : t === 'f32'
        ? Float32Array.from({ length: n }, float)
        : t === 'i32'
          ? Int32Array.from({ length: n }, int)
          : BigInt64Array.from({ length: n }, () => BigInt(int()) * 4_000_000_001n);
  const r = t.startsWith('f') ? float() : t === 'i32' ? int() : BigInt(int());
  return [pos, crd, data(nnz), data(columns), data(lengths.length), r, BigInt(lengths.length)];
}

/**
 * Runs `k` of `module` on `args` on `engine`, then writes every NaN of the output (`y`, the
 * fifth argument) as the one quiet NaN, so that outputs compare bit for bit elsewhere.
 */
function runWithNaNsAsOne(
  module: Module,
  args: InterpretArg[],
  engine?: EngineName,
): InterpretResult[] {
  const result = compile(module, 'k', engine === undefined ? {} : { engine })(...args);
  const y = args[4];
  if (y instanceof Float32Array || y instanceof Float64Array) {
    y.forEach((v, k) => {
      if (Number.isNaN(v)) y[k] = Number.NaN;
    });
  }
  return result;
}

describe('the short path of vectorized reductions on every engine', () => {
  for (const { t, combine, multiply } of CASES) {
    it(`${t} ${combine}: every engine equals the full-width code bit for bit`, () => {
      const scalar = parseModule(rowReduction(t, combine, multiply));
      for (const vl of [2, 4, 8, 16]) {
        const options = { vectorLength: vl, enableSIMDIndex32: true };
        const full = vectorize(scalar, options).module;
        const short = vectorize(scalar, { ...options, halfWidthShortReductions: true }).module;
        for (const seed of [vl, vl + 100]) {
          const referenceArgs = argumentsFor(t, vl, seed);
          const reference = snapshot(referenceArgs, runWithNaNsAsOne(full, referenceArgs));
          for (const engine of ENGINES) {
            const args = argumentsFor(t, vl, seed);
            expect(
              snapshot(args, runWithNaNsAsOne(short, args, engine)),
              `${engine} vl=${vl}`,
            ).toBe(reference);
          }
        }
      }
    });
  }
});
