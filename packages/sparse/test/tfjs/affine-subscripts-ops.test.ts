/**
 * `sparseOp` with affine subscripts (`O(i,j) = I(i+k, j+l) * F(k,l)`) on the cpu and wasm
 * backends: seeded random 2-D convolutions (dense image with a CSR, DCSR or COO filter, a CSR or
 * DCSR image with a dense filter, both sparse) against a plain-loop convolution; a shape that
 * does not fit is a typed error that leaves no tensor behind. The GPU backends' shader engines
 * compile the same loops (checked without a GPU: WGSL and GLSL passes are made, none refused).
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { compileGlsl, compileWgsl } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, SparseTensor, SparsifyError, sparsify } from '../../src/index.js';
import { SparseGradientError, sparseOp } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';

tf.env().set('IS_TEST', true);

const CONV = 'O(i,j) = I(i+k, j+l) * F(k,l)';

/** The plain-loop valid convolution of an `n0 x n1` image with a `k0 x k1` filter. */
function referenceConv(
  image: Float32Array,
  [n0, n1]: readonly number[],
  filter: Float32Array,
  [k0, k1]: readonly number[],
): number[] {
  const [m0, m1] = [(n0 as number) - (k0 as number) + 1, (n1 as number) - (k1 as number) + 1];
  const out: number[] = [];
  for (let i = 0; i < m0; i++) {
    for (let j = 0; j < m1; j++) {
      let sum = 0;
      for (let k = 0; k < (k0 as number); k++) {
        for (let l = 0; l < (k1 as number); l++) {
          sum +=
            (image[(i + k) * (n1 as number) + j + l] as number) *
            (filter[k * (k1 as number) + l] as number);
        }
      }
      out.push(sum);
    }
  }
  return out;
}

const CASES: readonly { image: FormatSpec | 'dense'; filter: FormatSpec | 'dense' }[] = [
  { image: 'dense', filter: 'CSR' },
  { image: 'dense', filter: 'DCSR' },
  { image: 'dense', filter: 'COO' },
  { image: 'CSR', filter: 'dense' },
  { image: 'DCSR', filter: 'dense' },
  { image: 'CSR', filter: 'CSR' },
];

describe.each(['cpu', 'wasm'] as const)('sparseOp convolutions on %s', (backend) => {
  it.each(CASES.map((c) => [`I ${String(c.image)}, F ${String(c.filter)}`, c] as const))(
    '%s (seeded)',
    async (_, c) => {
      expect(await tf.setBackend(backend)).toBe(true);
      const random = seededRandom(36);
      const formats: Record<string, FormatSpec> = {};
      if (c.image !== 'dense') formats.I = c.image;
      if (c.filter !== 'dense') formats.F = c.filter;
      const op = sparseOp(CONV, formats);
      for (let n = 0; n < 4; n++) {
        const imageShape = [3 + Math.floor(random() * 6), 3 + Math.floor(random() * 6)];
        const filterShape = [1 + Math.floor(random() * 3), 1 + Math.floor(random() * 3)];
        const values = (size: number, density: number) =>
          Float32Array.from({ length: size }, () =>
            random() < density ? Math.floor(random() * 7) - 3 : 0,
          );
        const image = values(imageShape[0]! * imageShape[1]!, 0.5);
        const filter = values(filterShape[0]! * filterShape[1]!, 0.6);
        const before = tf.memory().numTensors;
        const operandOf = (data: Float32Array, shape: number[], format: FormatSpec | 'dense') =>
          format === 'dense'
            ? tf.tensor(data, shape)
            : SparseTensor.fromDense(data, shape, format as FormatSpec);
        const I = operandOf(image, imageShape, c.image);
        const F = operandOf(filter, filterShape, c.filter);
        const out = op(I, F);
        expect(out.shape).toEqual([
          imageShape[0]! - filterShape[0]! + 1,
          imageShape[1]! - filterShape[1]! + 1,
        ]);
        expect(Array.from(out.dataSync())).toEqual(
          referenceConv(image, imageShape, filter, filterShape),
        );
        tf.dispose([out, ...[I, F].filter((t): t is tf.Tensor => t instanceof tf.Tensor)]);
        expect(tf.memory().numTensors).toBe(before);
      }
    },
  );

  it('an image smaller than the other operands need is a SparsifyError, no tensor left', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const op = sparseOp('O(i,j) = I(i+k, j+l) * F(k,l) * B(i,j)', { F: 'CSR' });
    const F = SparseTensor.fromDense(Float32Array.from([1, 0, 0, 1]), [2, 2], 'CSR');
    const I = tf.ones([4, 4]);
    const B = tf.ones([4, 4]);
    const before = tf.memory().numTensors;
    let thrown: unknown;
    try {
      op(I, F, B);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SparsifyError);
    expect((thrown as Error).message).toMatch(/subscript i\+k reaches 4/);
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([I, B]);
  });
});

describe('the shader engines take the convolution loops', () => {
  it.each([{ F: 'CSR' }, { I: 'CSR' }, { I: 'DCSR', F: 'CSR' }, {}] as const)(
    'WGSL and GLSL passes for %j',
    (formats) => {
      const kernel = sparsify(CONV, formats);
      for (const program of [
        compileWgsl(kernel.module, kernel.functionName),
        compileGlsl(kernel.module, kernel.functionName),
      ]) {
        expect('reason' in program ? program.reason : undefined).toBeUndefined();
        expect((program as { passes: readonly unknown[] }).passes.length).toBeGreaterThan(0);
      }
    },
  );
});

describe('gradients of a convolution sparseOp', () => {
  it('with respect to the filter: the correlation of the image with the output gradient', async () => {
    expect(await tf.setBackend('cpu')).toBe(true);
    const op = sparseOp(CONV, {});
    const I = tf.tensor2d([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [3, 4]);
    const F = tf.tensor2d([1, -1, 2, 0], [2, 2]);
    const before = tf.memory().numTensors;
    // The output gradient: the weights 1..6 of the 2x3 output.
    const W = tf.tensor2d([1, 2, 3, 4, 5, 6], [2, 3]);
    const gF = tf.grad((f: tf.Tensor) => op(I, f))(F, W);
    // dF(k,l) = sum over i, j of W(i,j) * I(i+k, j+l).
    const image = I.arraySync() as number[][];
    const expected = [0, 1].map((k) =>
      [0, 1].map((l) => {
        let sum = 0;
        for (let i = 0; i < 2; i++)
          for (let j = 0; j < 3; j++) sum += (i * 3 + j + 1) * (image[i + k]?.[j + l] as number);
        return sum;
      }),
    );
    expect(gF.arraySync()).toEqual(expected);
    tf.dispose([gF, W]);
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([I, F]);
  });

  it('with respect to the image is a SparseGradientError naming the access', async () => {
    expect(await tf.setBackend('cpu')).toBe(true);
    const op = sparseOp(CONV, { F: 'CSR' });
    const F = SparseTensor.fromDense(Float32Array.from([1, 0, 0, 1]), [2, 2], 'CSR');
    const I = tf.ones([3, 3]);
    let thrown: unknown;
    try {
      tf.grad((i: tf.Tensor) => op(i, F))(I);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SparseGradientError);
    expect((thrown as Error).message).toMatch(/I\(i\+k,j\+l\).*read through affine subscripts/);
    I.dispose();
  });
});
