/**
 * The vectorizer's short reductions (`halfWidthShortReductions`, on by default in the tfjs
 * ops: rows of at most vl entries run as the scalar loop) give the very bits of the full-width
 * code (the values here are finite, so no NaN arises): seeded SpMV and SpMM on skewed rows
 * (most rows of 0 to 3 entries, some of up to 17, a few long ones; values with full
 * mantissas, so summation order shows) on every engine, at several vector lengths, with and without the option; and the
 * tfjs ops' default, which must reach the vectorizer (its module differs), equal to the op
 * with the option off.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { compile, type EngineName } from '@tilekit/loop-engines';
import { type Module, printModule } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { describe, expect, it } from 'vitest';
import { runKernel, SparseTensor, sparsify } from '../../src/index.js';
import { compileSparseKernel } from '../../src/tfjs/compile-route.js';
import { sparseOp } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import type { SparseKernelAttrs } from '../../src/tfjs/kernel-names.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];
const VECTOR_LENGTHS = [4, 8, 16] as const;
const KERNELS = [
  { name: 'spmv', expr: 'y(i) = A(i,j) * x(j)', formats: ['CSR', 'DCSR'] },
  { name: 'spmm', expr: 'C(i,k) = A(i,j) * B(j,k)', formats: ['CSR', 'DCSR'] },
] as const;

/** Bits of float32 values (so -0 and NaN payloads count). */
const bitsOf = (values: ArrayLike<number>) =>
  Array.from(new Uint32Array(Float32Array.from(values).buffer));

/**
 * A skewed m x n matrix: rows of 0..3 entries, one in six long, one in four of up to 17 (each
 * side of every vector length tested); random full-mantissa values.
 */
function skewedMatrix(random: () => number, m: number, n: number): Float32Array {
  const data = new Float32Array(m * n);
  for (let i = 0; i < m; i++) {
    const draw = random();
    const length =
      draw < 1 / 6
        ? Math.floor(n / 2 + random() * (n / 2))
        : Math.floor(random() * (draw < 5 / 12 ? 18 : 4));
    for (let e = 0; e < length; e++) data[i * n + Math.floor(random() * n)] = random() * 2 - 1;
  }
  return data;
}

const randomDense = (random: () => number, size: number) =>
  Float32Array.from({ length: size }, () => random() * 4 - 2);

describe('short reductions give the full-width bits on skewed rows (seeded)', () => {
  for (const { name, expr, formats } of KERNELS)
    for (const format of formats)
      it(`${name} with A as ${format} on every engine, vl 4/8/16`, () => {
        const kernel = sparsify(expr, { A: format });
        for (let seed = 0; seed < 8; seed++) {
          const random = seededRandom(900 + seed);
          const [m, n, k] = [1 + Math.floor(random() * 40), 1 + Math.floor(random() * 40), 3];
          const A = SparseTensor.fromDense(skewedMatrix(random, m, n), [m, n], format);
          const operands =
            name === 'spmv'
              ? { A, x: { data: randomDense(random, n), shape: [n] } }
              : { A, B: { data: randomDense(random, n * k), shape: [n, k] } };
          for (const vectorLength of VECTOR_LENGTHS) {
            const full = vectorize(kernel.module, { vectorLength, enableSIMDIndex32: true });
            const half = vectorize(kernel.module, {
              vectorLength,
              enableSIMDIndex32: true,
              halfWidthShortReductions: true,
            });
            // SpMV's row loop is a reduction, so the short path is there (SpMM vectorizes the
            // dense k loop: no reduction, the same module).
            expect(printModule(half.module) === printModule(full.module)).toBe(name === 'spmm');
            for (const engine of ENGINES) {
              const label = `seed ${seed} ${m}x${n} vl=${vectorLength} ${engine}`;
              const run = (module: typeof full.module) =>
                bitsOf(
                  runKernel(
                    kernel,
                    compile(module, kernel.functionName, { engine }),
                    operands,
                  ) as Float32Array,
                );
              expect(run(half.module), label).toEqual(run(full.module));
            }
          }
        }
      });

  it('is the tfjs ops default, off on request, with equal bits on the cpu backend', async () => {
    expect(await tf.setBackend('cpu')).toBe(true);
    const expr = 'y(i) = A(i,j) * x(j)';
    // Attributes written without the option (a JavaScript caller's, or older ones) mean it on.
    const attrs = {
      inputNames: [],
      formats: '{"A":{"levels":["dense","compressed"],"order":[0,1]}}',
      shapes: {},
      scalars: {},
      vectorLength: 8,
      enableVLAVectorization: false,
      enableSIMDIndex32: true,
      vscale: 1,
      engine: 'wasm',
    } as unknown as SparseKernelAttrs;
    const byDefault = compileSparseKernel(expr, attrs, 'float32');
    const off = compileSparseKernel(expr, { ...attrs, halfWidthShortReductions: false }, 'float32');
    expect(byDefault.options.halfWidthShortReductions).toBe(true);
    expect(printModule(byDefault.module as Module)).not.toBe(printModule(off.module as Module));
    const random = seededRandom(77);
    const before = tf.memory().numTensors;
    for (let c = 0; c < 6; c++) {
      const [m, n] = [1 + Math.floor(random() * 50), 1 + Math.floor(random() * 50)];
      const A = SparseTensor.fromDense(skewedMatrix(random, m, n), [m, n], 'CSR');
      const x = randomDense(random, n);
      const [on, without] = [{}, { halfWidthShortReductions: false }].map((options) =>
        tf.tidy(() => {
          const y = sparseOp(
            expr,
            { A: 'CSR' },
            { vectorLength: 8, ...options },
          )(A, tf.tensor1d(x));
          return bitsOf((y as tf.Tensor).dataSync() as Float32Array);
        }),
      );
      expect(on, `case ${c}`).toEqual(without);
    }
    expect(tf.memory().numTensors).toBe(before);
  });
});
