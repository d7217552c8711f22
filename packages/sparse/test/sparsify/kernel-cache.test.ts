/**
 * Kernels are cached across calls: `sparsify` returns the kernel it made for the same
 * expression text, formats and options (the same frozen object, nothing emitted), `vectorize`
 * and `compile` return what they made of the same module, and the cache drops its least
 * recently used kernel past `KERNEL_CACHE_LIMIT`. A cached kernel is always the one its own
 * arguments make: over seeded random kernels, formats, widths, value types and options, called
 * in random order so that hits and misses interleave, every result equals the uncached
 * emitter's, and so do the vectorized modules and the results of the compiled calls.
 */
import { compile } from '@tilekit/loop-engines';
import { printModule } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  KERNEL_CACHE_LIMIT,
  runKernel,
  type SparseKernel,
  SparseTensor,
  type SparsifyOptions,
  sparsify,
} from '../../src/index.js';
import { clearKernelCache, kernelCacheSize } from '../../src/sparsify/calling/kernel-cache.js';
import { emitKernel } from '../../src/sparsify/sparsify.js';

/** Everything of a kernel a caller sees, as comparable data. */
function spelled(kernel: SparseKernel) {
  return {
    module: printModule(kernel.module),
    functionName: kernel.functionName,
    plan: kernel.plan,
    parameters: kernel.parameters,
  };
}

const MATRIX_FORMATS: readonly FormatSpec[] = [
  'CSR',
  'CSC',
  'DCSR',
  'COO',
  'dense',
  ['dense', 'compressed'],
  { levels: ['compressed', 'compressed'], order: [1, 0] },
  { levels: ['dense', 'compressed'], posWidth: 16, crdWidth: 8 },
];
const VECTOR_FORMATS: readonly FormatSpec[] = ['sparse-vector', 'dense', ['compressed']];

const KERNELS: readonly { expr: string; matrices: string[]; vectors: string[] }[] = [
  { expr: 'y(i) = A(i,j) * x(j)', matrices: ['A'], vectors: ['x'] },
  { expr: 'y(i)=A(i,j)*x(j)', matrices: ['A'], vectors: ['x'] },
  { expr: 'C(i,j) = A(i,j) + B(i,j)', matrices: ['A', 'B', 'C'], vectors: [] },
  { expr: 'C(i,j) = A(i,j) * B(i,j)', matrices: ['A', 'B', 'C'], vectors: [] },
  { expr: 'C(i,j) = A(i,k) * B(k,j)', matrices: ['A', 'B', 'C'], vectors: [] },
  { expr: 'C(j,i) = A(i,j)', matrices: ['A', 'C'], vectors: [] },
  { expr: 's = a(i) * b(i)', matrices: [], vectors: ['a', 'b'] },
  { expr: 'x(i) = max(a(i), b(i)) - 2', matrices: [], vectors: ['a', 'b', 'x'] },
];

const call = fc
  .record({
    kernel: fc.constantFrom(...KERNELS),
    formatPicks: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    valueType: fc.constantFrom('f32', 'f64', 'i32', undefined),
    posWidth: fc.constantFrom(8, 16, 32, 64, undefined),
    crdWidth: fc.constantFrom(16, 32, 'index', undefined),
    caseDispatch: fc.constantFrom('select', 'branch', undefined),
    name: fc.constantFrom('k', 'kernel_b', undefined),
  })
  .map(({ kernel, formatPicks, valueType, posWidth, crdWidth, caseDispatch, name }) => {
    const formats: Record<string, FormatSpec> = {};
    const names = [...kernel.matrices, ...kernel.vectors];
    names.forEach((n, k) => {
      const pick = formatPicks[k] ?? 0;
      const list = kernel.matrices.includes(n) ? MATRIX_FORMATS : VECTOR_FORMATS;
      const format = list[pick % list.length] as FormatSpec;
      if (pick % 3 !== 0) formats[n] = format; // sometimes left out: dense
    });
    const options: Record<string, unknown> = {};
    for (const [key, value] of Object.entries({
      valueType,
      posWidth,
      crdWidth,
      caseDispatch,
      name,
    }))
      if (value !== undefined) options[key] = value;
    return { expr: kernel.expr, formats, options: options as SparsifyOptions };
  });

/** `f()`'s result, or the error's constructor name and message. */
function outcome<T>(f: () => T): { value: T } | { error: string } {
  try {
    return { value: f() };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

describe('the kernel cache', () => {
  it('a repeat returns the same kernel, vectorized module and compiled call: nothing is made again', () => {
    clearKernelCache();
    const formats = { A: 'CSR' } as const;
    const first = sparsify('y(i) = A(i,j) * x(j)', formats, { valueType: 'f64' });
    const again = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    expect(again).toBe(first);
    expect(kernelCacheSize()).toBe(1);
    const options = { vectorLength: 4, enableSIMDIndex32: true };
    const vectorized = vectorize(first.module, options);
    expect(vectorize(again.module, { ...options })).toBe(vectorized);
    for (const engine of ['wasm', 'js', 'interpreter'] as const) {
      const run = compile(vectorized.module, first.functionName, { engine });
      expect(compile(vectorized.module, again.functionName, { engine })).toBe(run);
      expect(compile(vectorized.module, first.functionName, { engine, vscale: 2 })).not.toBe(run);
    }
    // Arguments that differ in anything that matters are other kernels.
    expect(sparsify('y(i) = A(i,j) * x(j)', formats, { valueType: 'f32' })).not.toBe(first);
    expect(sparsify('y(i) = A(i,j) * x(j)', { A: 'CSC' }, { valueType: 'f64' })).not.toBe(first);
    expect(sparsify('y(i) = A(i,j)*x(j)', formats, { valueType: 'f64' })).not.toBe(first);
  });

  it('equals the uncached emitter for seeded random kernels, formats and options, in random order', () => {
    clearKernelCache();
    const calls = fc.sample(call, { seed: 35, numRuns: 160 });
    // Each call twice, shuffled, so that a repeat may follow its first call or come long after.
    const order = [...calls, ...calls].map((c, k) => ({ c, k, r: Math.sin(k * 12.9898) }));
    order.sort((a, b) => a.r - b.r);
    let compared = 0;
    for (const { c } of order) {
      const cached = outcome(() => sparsify(c.expr, c.formats, c.options));
      const fresh = outcome(() => emitKernel(c.expr, c.formats, c.options));
      if ('error' in fresh) {
        expect(cached).toEqual(fresh);
        continue;
      }
      expect('value' in cached).toBe(true);
      const kernel = (cached as { value: SparseKernel }).value;
      expect(spelled(kernel)).toEqual(spelled(fresh.value));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
    expect(kernelCacheSize()).toBeLessThanOrEqual(KERNEL_CACHE_LIMIT);
  });

  it('cached vectorized modules and compiled calls compute what uncached ones do', () => {
    clearKernelCache();
    const A = SparseTensor.fromDense(new Float64Array([1, 0, 2, 0, 0, 3, 4, 0, 5]), [3, 3], 'CSR');
    const B = SparseTensor.fromDense(new Float64Array([0, 1, 0, 2, 0, 0, 0, 3, 1]), [3, 3], 'CSR');
    const x = { data: new Float64Array([1, -2, 0.5]), shape: [3] };
    const cases = [
      { expr: 'y(i) = A(i,j) * x(j)', formats: { A: 'CSR' }, operands: { A, x } },
      {
        expr: 'C(i,j) = A(i,k) * B(k,j)',
        formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
        operands: { A, B },
      },
      {
        expr: 'C(i,j) = A(i,j) + B(i,j)',
        formats: { A: 'CSR', B: 'CSR', C: 'DCSR' },
        operands: { A, B },
      },
    ] as const;
    for (const { expr, formats, operands } of cases) {
      for (const vectorLength of [0, 2, 4]) {
        for (const engine of ['wasm', 'js'] as const) {
          const results = [0, 1, 2].map((round) => {
            const kernel =
              round === 0
                ? emitKernel(expr, formats, { valueType: 'f64' })
                : sparsify(expr, formats, { valueType: 'f64' });
            const module =
              vectorLength === 0
                ? kernel.module
                : vectorize(kernel.module, { vectorLength }).module;
            const output = runKernel(
              kernel,
              compile(module, kernel.functionName, { engine }),
              operands,
            );
            return output instanceof SparseTensor ? output.toDense() : output;
          });
          expect(results[1]).toEqual(results[0]);
          expect(results[2]).toEqual(results[0]);
        }
      }
    }
  });

  it('drops the least recently used kernel past KERNEL_CACHE_LIMIT', () => {
    clearKernelCache();
    const nth = (n: number) => sparsify('y(i) = a(i) * 2', {}, { name: `k${n}` });
    const first = nth(0);
    const second = nth(1);
    for (let n = 2; n < KERNEL_CACHE_LIMIT; n++) nth(n);
    expect(kernelCacheSize()).toBe(KERNEL_CACHE_LIMIT);
    expect(nth(0)).toBe(first); // a use: now the most recent
    nth(KERNEL_CACHE_LIMIT); // one more: the least recently used (k1) goes
    expect(kernelCacheSize()).toBe(KERNEL_CACHE_LIMIT);
    expect(nth(0)).toBe(first);
    const secondAgain = nth(1);
    expect(secondAgain).not.toBe(second);
    expect(spelled(secondAgain)).toEqual(spelled(second));
  });

  it('arguments that are not plain data are emitted as given, never cached', () => {
    clearKernelCache();
    let reads = 0;
    const formats = {
      get A() {
        reads++;
        return 'CSR' as const;
      },
    };
    const a = sparsify('y(i) = A(i,j) * x(j)', formats);
    const b = sparsify('y(i) = A(i,j) * x(j)', formats);
    expect(b).not.toBe(a);
    expect(spelled(b)).toEqual(spelled(a));
    expect(reads).toBeGreaterThanOrEqual(2);
    class Options {
      valueType = 'f64' as const;
    }
    const c = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, new Options());
    expect(sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, new Options())).not.toBe(c);
    // A tensor named __proto__ keeps its own format through the cache's copy.
    const proto = JSON.parse('{"__proto__": "CSR"}') as Record<string, FormatSpec>;
    const viaCache = sparsify('y(i) = __proto__(i,j) * x(j)', proto);
    expect(spelled(viaCache)).toEqual(spelled(emitKernel('y(i) = __proto__(i,j) * x(j)', proto)));
    expect(kernelCacheSize()).toBe(1);
    // Arguments read in the emitter's order: a notation error comes before a Proxy's own.
    const throwing = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('the proxy refuses');
        },
      },
    );
    for (const [expr, formats] of [
      ['y(i) = = A(i)', throwing],
      ['y(i) = A(i)', throwing],
    ] as const) {
      expect(outcome(() => sparsify(expr, formats))).toEqual(
        outcome(() => emitKernel(expr, formats)),
      );
    }
  });
});
