/**
 * `runKernel` lets the wasm engine skip copying a `=` kernel's fresh dense output into its
 * memory (the kernel writes every element). On random operands of several shapes and
 * densities, with junk left in the engine's memory by the calls before, the wasm results of
 * SpMV and SpMM (scalar and vectorized) equal the interpreter's bit for bit, and the returned
 * array, handed to a `+=` kernel next, is read as it is (the skip lasts for one call only).
 */
import { compile } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { describe, expect, it } from 'vitest';
import { type KernelOperand, runKernel, SparseTensor, sparsify } from '../../src/index.js';
import { randomDense, rng } from './fixtures.js';

type Run = (operands: Record<string, KernelOperand>, output?: Float64Array) => Float64Array;

/** `expr` on the wasm engine (vectorized or not) and on the interpreter, through runKernel. */
function engines(expr: string, vectorized: boolean): { wasm: Run; interpreter: Run } {
  const k = sparsify(expr, { A: 'CSR' }, { valueType: 'f64' });
  const module = vectorized
    ? vectorize(k.module, { vectorLength: 8, enableSIMDIndex32: true }).module
    : k.module;
  const on = (engine: 'wasm' | 'interpreter'): Run => {
    const fn = compile(module, k.functionName, { engine });
    return (operands, output) => runKernel(k, fn, operands, output) as Float64Array;
  };
  return { wasm: on('wasm'), interpreter: on('interpreter') };
}

const bits = (a: Float64Array) => Array.from(new BigUint64Array(a.buffer, a.byteOffset, a.length));

describe('runKernel with a fresh dense output of a = kernel', () => {
  for (const vectorized of [false, true]) {
    it(`gives the interpreter's bits, then reads the array as a += output (${vectorized ? 'vectorized' : 'scalar'})`, () => {
      const spmv = engines('y(i) = A(i,j) * x(j)', vectorized);
      const spmvAdd = engines('y(i) += A(i,j) * x(j)', vectorized);
      const spmm = engines('C(i,k) = A(i,j) * B(j,k)', vectorized);
      const next = rng(20261128);
      for (let round = 0; round < 12; round++) {
        const m = 1 + Math.floor(next() * 40);
        const n = 1 + Math.floor(next() * 40);
        const cols = 1 + Math.floor(next() * 20);
        const density = [0, 0.05, 0.3, 1][round % 4] as number;
        const seed = 1 + Math.floor(next() * 1e6);
        const A = SparseTensor.fromDense(randomDense([m, n], { density, seed }), [m, n], 'CSR', {
          dtype: 'float64',
        });
        const x = { data: randomDense([n], { density: 1, seed: seed + 1 }), shape: [n] };
        const B = {
          data: randomDense([n, cols], { density: 1, seed: seed + 2 }),
          shape: [n, cols],
        };
        // Junk in the engine's memory where the outputs go: a call with other values.
        const junkX = { data: randomDense([n], { density: 1, seed: seed + 3 }), shape: [n] };
        spmvAdd.wasm({ A, x: junkX }, randomDense([m], { density: 1, seed: seed + 4 }));
        const y = spmv.wasm({ A, x });
        expect(bits(y)).toEqual(bits(spmv.interpreter({ A, x })));
        const C = spmm.wasm({ A, B });
        expect(bits(C)).toEqual(bits(spmm.interpreter({ A, B })));
        // The fresh output, handed on as a += output, is copied in as any array is.
        const expected = spmvAdd.interpreter({ A, x }, y.slice());
        expect(bits(spmvAdd.wasm({ A, x }, y))).toEqual(bits(expected));
      }
    });
  }
});
