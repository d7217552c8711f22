/**
 * Sparse-output kernels after `vectorize`: the vectorizer leaves the insertion loops scalar
 * (as MLIR's does: an insertion is not a vector store) and rewrites only the loops it can, and
 * the vectorized kernels assemble exactly the storage the scalar kernel does, on the js and
 * wasm engines. Scalar and vectorized, the kernels are ordinary MLIR that mlir-opt-22 verifies
 * (it must be installed: these tests fail, not skip, without it).
 */
import { compile } from '@tilekit/loop-engines';
import { printModule } from '@tilekit/loop-ir';
import { type VectorizeOptions, vectorize } from '@tilekit/sparse-vectorizer';
import { runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, runKernel, type SparseTensor, sparsify } from '../../src/index.js';
import { CASES, IN_PLACE, operandsOf } from './output-cases.js';

const OPTIONS: readonly VectorizeOptions[] = [
  { vectorLength: 4, enableSIMDIndex32: true },
  { vectorLength: 8, enableVLAVectorization: true },
];

describe.each([...CASES, ...IN_PLACE])('$name ($expr), vectorized', (c) => {
  it('assembles the scalar kernel storage on js and wasm', () => {
    const kernel = sparsify(c.expr, c.formats, { valueType: 'f64' });
    const scalar = compile(kernel.module, kernel.functionName, { engine: 'interpreter' });
    const { operands } = operandsOf(c, 0.4, 11, 32);
    const expected = runKernel(kernel, scalar, operands) as SparseTensor;
    for (const options of OPTIONS) {
      const { module } = vectorize(kernel.module, options);
      for (const engine of ['js', 'wasm'] as const) {
        const run = compile(module, kernel.functionName, { engine, vscale: 2 });
        const out = runKernel(kernel, run, operands) as SparseTensor;
        expect(out.positions).toEqual(expected.positions);
        expect(out.coordinates).toEqual(expected.coordinates);
        expect(out.values).toEqual(expected.values);
      }
    }
  });
});

/** Which loops the vectorizer rewrites in the kernels of the bench (pre-order loop index). */
const REWRITTEN: readonly [string, Record<string, FormatSpec>, Record<number, string>][] = [
  // Gustavson: the loop over B's row updates the workspace behind a mark test; not a store.
  ['C(i,j) = A(i,k) * B(k,j)', { A: 'CSR', B: 'CSR', C: 'CSR' }, {}],
  // Inner products: the k loop is a co-iteration (`scf.while`), so nothing to rewrite.
  ['C(i,j) = A(i,k) * B(k,j)', { A: 'CSR', B: 'CSC', C: 'CSR' }, {}],
  ['C(i,j) = A(i,j) + B(i,j)', { A: 'CSR', B: 'CSR', C: 'CSR' }, {}],
  ['C(i,j) = A(i,j) * s', { A: 'CSR', C: 'CSR' }, {}],
  // In place: the loop over a row's stored values is a plain load-multiply-store.
  ['X(i,j) *= 2.0', { X: 'CSR' }, { 1: 'parallel' }],
  // TTV: the k reduction of each (i, j) entry is vectorized; the insertion after it is not.
  [
    'A(i,j) = B(i,j,k) * c(k)',
    { A: 'CSR', B: ['dense', 'compressed', 'compressed'] },
    { 2: 'reduction' },
  ],
  ['y(i) = A(i,j) * x(j)', { A: 'CSR' }, { 1: 'reduction' }],
];

describe('loops the vectorizer rewrites in sparse-output kernels', () => {
  it.each(REWRITTEN.map(([expr, formats, rewritten]) => ({ expr, formats, rewritten })))(
    '$expr $formats',
    ({ expr, formats, rewritten }) => {
      const kernel = sparsify(expr, formats, { valueType: 'f64' });
      const { report } = vectorize(kernel.module, { vectorLength: 4, enableSIMDIndex32: true });
      const forms = Object.fromEntries(
        report.loops.filter((l) => l.vectorized).map((l) => [l.loop, l.vectorized && l.form]),
      );
      expect(forms).toEqual(rewritten);
    },
  );
});

describe('mlir-opt-22 verifies sparse-output kernels', () => {
  const all = [...CASES, ...IN_PLACE];
  it('scalar and vectorized (vl 8, VLA, 32-bit indices)', () => {
    const modules = all.flatMap((c) => {
      const k = sparsify(c.expr, c.formats, { valueType: 'f64' });
      const vectorized = vectorize(k.module, {
        vectorLength: 8,
        enableVLAVectorization: true,
        enableSIMDIndex32: true,
      }).module;
      return [
        { label: `${c.name} scalar`, text: printModule(k.module) },
        { label: `${c.name} vectorized`, text: printModule(vectorized) },
      ];
    });
    const results = runChunks(
      modules.map((m) => m.text),
      [],
    );
    for (const [n, r] of results.entries()) {
      expect(r.ok ? '' : r.error, modules[n]?.label).toBe('');
    }
  });
});
