/**
 * `runKernel` binds the operands once per kernel call: an operand the plan converts (here B,
 * read transposed beside a CSR A) is converted once when the storage from the previous call
 * fits, and the result still equals a dense evaluation, on random operands of several sizes.
 */
import { compile } from '@tilekit/loop-engines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runKernel, SparseTensor, sparsify } from '../../src/index.js';
import { denseEvaluate, randomDense } from './fixtures.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runKernel with a converted operand', () => {
  const expr = 'C(i,j) = A(i,j) + B(j,i)';
  const kernel = sparsify(expr, { A: 'CSR', B: 'CSR', C: 'CSR' }, { valueType: 'f64' });
  const run = compile(kernel.module, kernel.functionName, { engine: 'wasm' });

  it('converts B once per call once the storage size is known, with dense-reference results', () => {
    expect(kernel.plan.inputs.some((t) => t.convertedFrom !== undefined)).toBe(true);
    for (const [n, density, seed] of [
      [5, 0.3, 1],
      [17, 0.2, 2],
      [40, 0.05, 3],
    ] as const) {
      const shape = [n, n];
      const a = randomDense(shape, { density, seed, profile: 'integers' });
      const b = randomDense(shape, { density, seed: seed + 100, profile: 'integers' });
      const A = SparseTensor.fromDense(a, shape, 'CSR', { dtype: 'float64' });
      const B = SparseTensor.fromDense(b, shape, 'CSR', { dtype: 'float64' });
      const expected = denseEvaluate(
        expr,
        { A: { data: a, shape }, B: { data: b, shape } },
        new Float64Array(n * n),
        (x) => x,
      );
      runKernel(kernel, run, { A, B }); // sizes the storage for the next call
      const convert = vi.spyOn(SparseTensor.prototype, 'convert');
      const out = runKernel(kernel, run, { A, B }) as SparseTensor;
      expect(convert).toHaveBeenCalledTimes(1);
      convert.mockRestore();
      expect(Array.from(out.toDense() as Float64Array)).toEqual(Array.from(expected));
    }
  });
});
