/**
 * The emitter's output is ordinary MLIR: every catalog kernel (every format, every width)
 * prints to text that mlir-opt-22 parses and verifies, before and after vectorization, and
 * the vectorizer turns the innermost `scf.for` of the main kernels into vector code.
 * mlir-opt-22 must be installed: these tests fail, not skip, without it.
 */

import { printModule } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { type StorageWidth, sparsify } from '../../src/index.js';
import { CATALOG } from './catalog.js';

const WIDTHS: readonly StorageWidth[] = [8, 16, 32, 64, 'index'];

const kernels = CATALOG.flatMap((kernel) =>
  kernel.formats.flatMap((format) =>
    WIDTHS.map((width) => {
      const formats = Object.fromEntries(kernel.sparse.map((n) => [n, format]));
      const k = sparsify(kernel.expr, formats, {
        posWidth: width,
        crdWidth: width,
        ...(kernel.valueType === undefined ? {} : { valueType: kernel.valueType }),
      });
      return { label: `${kernel.name} ${format} ${width}`, module: k.module };
    }),
  ),
);

describe('mlir-opt-22 verifies emitted kernels', () => {
  it('scalar loops', () => {
    const results = runChunks(
      kernels.map((k) => printModule(k.module)),
      [],
    );
    for (const [n, r] of results.entries()) expect(r.ok ? '' : r.error, kernels[n]?.label).toBe('');
  });

  it('vectorized loops (vl 8, VLA, 32-bit indices)', () => {
    const texts = kernels.map((k) =>
      printModule(
        vectorize(k.module, {
          vectorLength: 8,
          enableVLAVectorization: true,
          enableSIMDIndex32: true,
        }).module,
      ),
    );
    const results = runChunks(texts, []);
    for (const [n, r] of results.entries()) expect(r.ok ? '' : r.error, kernels[n]?.label).toBe('');
  });
});

describe('the vectorizer consumes emitted kernels', () => {
  const innermost = (expr: string, formats: Record<string, 'CSR' | 'sparse-vector'>) => {
    const k = sparsify(expr, formats);
    const { report } = vectorize(k.module, { vectorLength: 8 });
    // The zero-fill loop of `=` kernels is not an emitted loop (it is MLIR's linalg.fill).
    const emitted = report.loops.filter((l) => l.vectorized || l.code !== 'not-sparsifier-loop');
    const depth = Math.max(...emitted.map((l) => l.depth));
    return emitted.filter((l) => l.depth === depth);
  };

  it.each([
    ['x(i) = A(i,j) * b(j)', { A: 'CSR' }],
    ['X(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }],
    ['X(i,j) = S(i,j) * (A(i,k) * B(k,j))', { S: 'CSR' }],
    ['x = a(i) * b(i)', { a: 'sparse-vector' }],
    ['x(i) = a(i) * s', { a: 'sparse-vector' }],
  ] as const)('%s', (expr, formats) => {
    const loops = innermost(expr, formats);
    expect(loops.length).toBeGreaterThan(0);
    for (const l of loops) expect(l.vectorized, JSON.stringify(l)).toBe(true);
  });
});
