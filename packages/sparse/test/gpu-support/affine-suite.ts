/**
 * Convolutions with affine subscripts (`O(i,j) = I(i+k, j+l) * F(k,l)`) through `sparseOp` on a
 * GPU backend against the cpu backend, on seeded random images and filters: a dense image with
 * a CSR filter, a CSR image (located by a search in each row) with a dense filter, and both.
 * With every operand in CSR or dense, the rows of the output run in parallel as shader code.
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import type { FormatSpec } from '../../src/sparse-tensor/index.js';
import { lastSparseKernelRun, sparseOp, TfSparseTensor } from '../../src/tfjs/index.js';
import type { GpuSuiteBackend } from './sparse-suite.js';

const CONV = 'O(i,j) = I(i+k, j+l) * F(k,l)';
const CASES: readonly Readonly<Record<string, FormatSpec>>[] = [
  { F: 'CSR' },
  { I: 'CSR' },
  { I: 'CSR', F: 'CSR' },
];
const ROUNDS = 5;

/** Round `r`'s image and filter: small shapes, quarter steps (exact in f32), some zeros. */
function operands(seed: number, r: number) {
  const random = seededRandom(seed + r);
  const image = [3 + Math.floor(random() * 8), 3 + Math.floor(random() * 8)] as const;
  const filter = [1 + Math.floor(random() * 3), 1 + Math.floor(random() * 3)] as const;
  const data = (size: number, density: number) =>
    Array.from({ length: size }, () =>
      random() < density ? Math.round((random() * 8 - 4) * 4) / 4 || 0.25 : 0,
    );
  return {
    image,
    filter,
    I: data(image[0] * image[1], 0.5),
    F: data(filter[0] * filter[1], 0.6),
  };
}

/** Registers the convolution suite on `backend`. */
export function describeAffineSuite(backend: GpuSuiteBackend): void {
  const use = async (name: string) => {
    if (tf.getBackend() !== name && !(await tf.setBackend(name)))
      throw new Error(`backend ${name} failed to initialise`);
    if (name === backend.name) backend.prepare?.();
  };
  describe(`affine-subscript convolutions on ${backend.name} equal the cpu backend`, () => {
    const run = async (
      name: string,
      formats: Readonly<Record<string, FormatSpec>>,
      seed: number,
    ) => {
      await use(name);
      const op = sparseOp(CONV, formats);
      const outputs: number[][] = [];
      const paths: string[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const o = operands(seed, r);
        const before = tf.memory().numTensors;
        const make = (t: 'I' | 'F') => {
          const dense = tf.tensor2d(o[t], t === 'I' ? [...o.image] : [...o.filter]);
          const format = formats[t];
          if (format === undefined) return dense;
          const sparse = TfSparseTensor.fromDense(dense, format);
          dense.dispose();
          return sparse;
        };
        const inputs = [make('I'), make('F')];
        const out = op(...inputs) as tf.Tensor;
        const last = lastSparseKernelRun();
        paths.push(`${last?.path ?? 'none'} ${last?.reason ?? ''}`);
        outputs.push(Array.from(await out.data()));
        out.dispose();
        for (const t of inputs) t.dispose();
        expect(tf.memory().numTensors, `${CONV} round ${r}`).toBe(before);
      }
      return { outputs, paths };
    };

    it.each(CASES.map((formats, n) => [JSON.stringify(formats), n, formats] as const))(
      '%s',
      async (_label, n, formats) => {
        const seed = 900 + 100 * n;
        const cpu = await run('cpu', formats, seed);
        const gpu = await run(backend.name, formats, seed);
        cpu.outputs.forEach((expected, r) => {
          expect(gpu.outputs[r], `round ${r} ${gpu.paths[r]}`).toEqual(expected);
        });
        gpu.paths.forEach((path, r) => {
          expect(path, `round ${r}`).toMatch(/^gpu/);
        });
      },
    );
  });
}
