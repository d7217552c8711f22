/**
 * `min` / `max` reductions through `sparseOp` on a GPU backend against the cpu backend, on
 * seeded random operands. A float reduction starts from ±∞ (the identity), which the shader
 * passes build from its bit pattern (WGSL and GLSL have no literal for it); a reduced extent
 * of 0 leaves that identity in the output, so ±∞ itself comes back from the GPU. Row-parallel
 * kernels must run as shader code, not fall back to the host.
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import type { FormatSpec } from '../../src/sparse-tensor/index.js';
import { lastSparseKernelRun, sparseOp, TfSparseTensor } from '../../src/tfjs/index.js';
import type { GpuSuiteBackend } from './sparse-suite.js';

/** A kernel, the formats of its sparse operands, and whether its outer loop is parallel. */
interface ExtremumKernel {
  readonly expression: string;
  /** The sparse matrix A's format (the vector x is dense). */
  readonly formats: Readonly<Record<string, FormatSpec>>;
  /** Set where the kernel must run as shader code on every GPU backend (CSR rows in parallel). */
  readonly mustRunOnGpu?: true;
}

const KERNELS: readonly ExtremumKernel[] = [
  { expression: 'y(i) = max(A(i,j))', formats: { A: 'CSR' }, mustRunOnGpu: true },
  { expression: 'y(i) = min(A(i,j))', formats: { A: 'CSR' }, mustRunOnGpu: true },
  { expression: 'y(i) = max(A(i,j) * x(j))', formats: { A: 'CSR' }, mustRunOnGpu: true },
  { expression: 'y(i) = min(A(i,j) * x(j))', formats: { A: 'CSR' }, mustRunOnGpu: true },
  { expression: 'y(i) = max(A(i,j))', formats: { A: 'DCSR' } },
  { expression: 'y(i) = min(A(i,j))', formats: { A: 'DCSR' } },
];

/** Dense data of `size` values: mostly zeros, some negative, quarter steps (exact in f32). */
function randomData(random: () => number, size: number, density: number): number[] {
  return Array.from({ length: size }, () =>
    random() < density ? Math.round((random() * 16 - 8) * 4) / 4 || 0.25 : 0,
  );
}

/**
 * Case `c`'s operands: A (m x n, a sparse matrix) and x (n). Every fourth case is empty (n = 0:
 * a reduction over no coordinate, whose output is the identity ±∞); the next two have short
 * full rows (no implicit zero takes part, so the identity is what a row's reduction starts
 * from: a max of negative entries is below the 0 a wrong start of 0 would give).
 */
function randomOperands(seed: number, c: number) {
  const random = seededRandom(seed + c);
  const m = 1 + Math.floor(random() * 9);
  const full = c % 4 === 1 || c % 4 === 2;
  const n = c % 4 === 0 ? 0 : 1 + Math.floor(random() * (full ? 2 : 9));
  const density = full ? 1 : ([0, 0.2, 0.6, 1][Math.floor(random() * 4)] as number);
  return { m, n, A: randomData(random, m * n, density), x: randomData(random, n, 0.8) };
}

const CASES_PER_KERNEL = 12;

/** Registers the min/max suite on `backend`. */
export function describeExtremumSuite(backend: GpuSuiteBackend): void {
  const use = async (name: string) => {
    if (tf.getBackend() !== name && !(await tf.setBackend(name)))
      throw new Error(`backend ${name} failed to initialise`);
    if (name === backend.name) backend.prepare?.();
  };
  describe(`min and max reductions on ${backend.name} equal the cpu backend`, () => {
    /** Every case's output on backend `name`, and which path each took. */
    const run = async (name: string, kernel: ExtremumKernel, first: number) => {
      await use(name);
      const op = sparseOp(kernel.expression, kernel.formats);
      const outputs: number[][] = [];
      const paths: string[] = [];
      for (let c = 0; c < CASES_PER_KERNEL; c++) {
        const { m, n, A, x } = randomOperands(first, c);
        const before = tf.memory().numTensors;
        const dense = tf.tensor2d(A, [m, n]);
        const a = TfSparseTensor.fromDense(dense, kernel.formats.A as FormatSpec);
        dense.dispose();
        const inputs = op.operandNames.map((t) => (t === 'A' ? a : tf.tensor1d(x)));
        const y = op(...inputs) as tf.Tensor;
        const last = lastSparseKernelRun();
        paths.push(`${last?.path ?? 'none'} ${last?.reason ?? ''}`);
        // Shader min/max do not order -0 below +0 (arith.minimumf does): zeros compare alike.
        outputs.push(Array.from(await y.data(), (v) => (v === 0 ? 0 : v)));
        tf.dispose([y, ...inputs.filter((t) => t !== a)] as tf.Tensor[]);
        a.dispose();
        expect(tf.memory().numTensors, `${kernel.expression} case ${c}`).toBe(before);
      }
      return { outputs, paths };
    };

    it.each(KERNELS.map((k, n) => [k.expression, k.formats.A, n, k] as const))(
      '%s with A as %s',
      async (_expression, _format, n, kernel) => {
        const first = 500 + 100 * n;
        const cpu = await run('cpu', kernel, first);
        const gpu = await run(backend.name, kernel, first);
        cpu.outputs.forEach((expected, c) => {
          const operands = JSON.stringify(randomOperands(first, c));
          expect(gpu.outputs[c], `case ${c}: ${operands} ${gpu.paths[c]}`).toEqual(expected);
        });
        // The empty cases give the identity; a full row's reduction moves away from it in the
        // direction only a start of ±∞ (not 0) allows.
        const flat = cpu.outputs.flat();
        const isMax = kernel.expression.includes('max(');
        expect(flat).toContain(isMax ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY);
        expect(flat.some((v) => Number.isFinite(v) && (isMax ? v < 0 : v > 0))).toBe(true);
        // Cases with stored entries run as shader code (WebGL leaves empty operands, an
        // extent of 0 or no entries, to the host).
        if (kernel.mustRunOnGpu)
          gpu.paths.forEach((path, c) => {
            const { A } = randomOperands(first, c);
            if (A.some((v) => v !== 0) || backend.bindsEmptyInputs === true)
              expect(path, `case ${c}`).toMatch(/^gpu/);
          });
      },
    );
  });
}
