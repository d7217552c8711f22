/**
 * Random kernels of the notation (sums and differences, products, max/min, abs, negation,
 * select on every comparison, constants, index values over vectors and matrices in random
 * formats, index patterns that conflict with the storage order), each into an output that starts
 * out holding junk, against `@tilekit/conformance`'s dense reference with TACO's semantics, on
 * every engine. Values are ±1, ±2, ±0.5 so every result is exact.
 * Derived from TACO's test/tests-expr.cpp and test/tests-merge_lattice.cpp (random
 * expressions over mixed formats) and MLIR's Merger unit tests
 * (mlir/unittests/Dialect/SparseTensor/MergerTest.cpp).
 */
import { type NotationOperand, referenceIndexNotation } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bindArguments,
  type FormatSpec,
  type KernelOperand,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';
import { randomDense, withoutNegativeZeros } from './fixtures.js';

const SIZES = { i: 5, k: 4 } as const;

/** The tensors random kernels read: index pattern and the formats each may take. */
const TENSORS: Readonly<
  Record<string, { indices: readonly ('i' | 'k')[]; formats: readonly FormatSpec[] }>
> = {
  a: { indices: ['i'], formats: ['sparse-vector', 'dense'] },
  b: { indices: ['i'], formats: ['sparse-vector', 'dense'] },
  x: { indices: ['k'], formats: ['sparse-vector', 'dense'] },
  A: { indices: ['i', 'k'], formats: ['CSR', 'CSC', 'DCSR', 'COO', 'dense'] },
  B: { indices: ['k', 'i'], formats: ['CSR', 'DCSC', 'COO', 'dense'] },
};

const leaf = fc.oneof(
  fc.constantFrom(...Object.entries(TENSORS).map(([n, t]) => `${n}(${t.indices.join(',')})`)),
  fc.constantFrom('2', '0.5', 'i', 'k', 's'),
);

const expression = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(tie('e'), fc.constantFrom('+', '-', '*'), tie('e'))
      .map(([l, op, r]) => `(${l} ${op} ${r})`),
    fc
      .tuple(fc.constantFrom('max', 'min'), tie('e'), tie('e'))
      .map(([f, l, r]) => `${f}(${l}, ${r})`),
    fc
      .tuple(fc.constantFrom('abs', '-'), tie('e'))
      .map(([f, e]) => (f === '-' ? `-(${e})` : `abs(${e})`)),
    fc
      .tuple(
        tie('e'),
        fc.constantFrom('<', '<=', '>', '>=', '==', '!='),
        tie('e'),
        tie('e'),
        tie('e'),
      )
      .map(([l, cmp, r, t, f]) => `select(${l} ${cmp} ${r}, ${t}, ${f})`),
  ),
})).e;

const formatsOf = fc.record(
  Object.fromEntries(Object.entries(TENSORS).map(([n, t]) => [n, fc.constantFrom(...t.formats)])),
);

const ENGINES = ['interpreter', 'js', 'wasm', 'wasm, vectorized'] as const;

describe('random kernels compute what the TACO reference computes', () => {
  it('on every engine (seeded)', () => {
    let ran = 0;
    let runs = 0;
    fc.assert(
      fc.property(expression, formatsOf, fc.integer({ min: 1, max: 1000 }), (rhs, chosen, seed) => {
        runs++;
        const expr = `y(i) = ${rhs}`;
        const used = Object.keys(TENSORS).filter((n) => new RegExp(`\\b${n}\\(`).test(rhs));
        const formats = Object.fromEntries(
          used.filter((n) => chosen[n] !== 'dense').map((n) => [n, chosen[n] as FormatSpec]),
        );
        let kernel: ReturnType<typeof sparsify>;
        try {
          kernel = sparsify(expr, formats);
        } catch (e) {
          // Kernels whose extents are unknown (y(i) = k) are rejected, and only those.
          expect(e).toBeInstanceOf(SparsifyError);
          expect(String(e)).toMatch(/does not appear on the right-hand side|extent is unknown/);
          return;
        }
        ran++;
        // Without a tensor indexed by k, a bare k is a scalar operand, like s.
        const operands: Record<string, KernelOperand> = { s: 0.5, k: 2 };
        const dense: Record<string, NotationOperand> = { s: 0.5, k: 2 };
        used.forEach((name, n) => {
          const t = TENSORS[name] as (typeof TENSORS)[string];
          const shape = t.indices.map((i) => SIZES[i]);
          const data = Float32Array.from(
            randomDense(shape, { density: 0.5, profile: 'powers', seed: seed * 7 + n }),
          );
          dense[name] = { data, shape };
          operands[name] = Object.hasOwn(formats, name)
            ? SparseTensor.fromDense(data, shape, formats[name] as FormatSpec)
            : { data, shape };
        });
        const expected = withoutNegativeZeros(
          referenceIndexNotation(expr, dense, new Array(SIZES.i).fill(0)),
        );
        for (const engine of ENGINES) {
          const module =
            engine === 'wasm, vectorized'
              ? vectorize(kernel.module, { vectorLength: 8, enableSIMDIndex32: true }).module
              : kernel.module;
          const run = compile(module, kernel.functionName, {
            engine: engine === 'wasm, vectorized' ? 'wasm' : engine,
          });
          // The output starts out holding junk: an `=` kernel must overwrite every element,
          // whether it zero-fills first or (every output index a whole dense range) does not.
          const call = bindArguments(kernel, operands);
          (call.output as Float32Array).fill(12345);
          run(...call.args);
          expect(
            withoutNegativeZeros(call.output),
            `${expr} ${JSON.stringify(formats)} on ${engine}`,
          ).toEqual(expected);
        }
      }),
      { seed: 42, numRuns: 80 },
    );
    expect(ran).toBeGreaterThan(runs * 0.7);
  });
});
