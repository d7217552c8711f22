/**
 * The differential suite every GPU backend runs: seeded random cases of every op (formats,
 * sizes, densities, int32 and float32) equal plain loops over every index tuple and the cpu
 * backend's results; kernels whose outer loop is parallel run generated shader code (and say
 * so), the others the host loops with the reason; GPU-resident operands are never read back;
 * new shapes compile no new programs after a warm-up.
 */
import * as tf from '@tensorflow/tfjs-core';
import { referenceIndexNotation, seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FormatSpec, SparseTensor } from '../../src/sparse-tensor/index.js';
import type { AccessExpr } from '../../src/sparsify/planning/expression.js';
import { accessesOf, parseNotation } from '../../src/sparsify/planning/notation.js';
import {
  lastSparseKernelRun,
  sddmm,
  sparseDot,
  sparseOp,
  spmm,
  spmv,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import { emptyGradientCases, expectZeroGradients } from '../tfjs/support/empty-gradients.js';
import {
  CASE_OPS,
  type CaseOp,
  denseOperandsOf,
  describeCase,
  randomCases,
  referenceOf,
  runCase,
  runOp,
  sparseDataOf,
  sparseShapeOf,
  storedEntries,
} from '../tfjs/support/random-cases.js';
import { expectTfjsConformance } from '../tfjs/support/tfjs-conformance.js';

/** The tensor accesses of `expression`'s right-hand side, one per tensor. */
function accessesOfExpression(expression: string): AccessExpr[] {
  const seen = new Map<string, AccessExpr>();
  for (const a of accessesOf(parseNotation(expression).rhs))
    if (!seen.has(a.tensor)) seen.set(a.tensor, a);
  return [...seen.values()];
}

/** Dense row-major data of a random kernel's operand. */
interface DenseOperand {
  readonly data: number[];
  readonly shape: number[];
}

/** A random sparseOp kernel with its operands. */
interface RandomKernel {
  readonly expression: string;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  readonly operands: Readonly<Record<string, DenseOperand>>;
}

/** What the suite needs of a GPU backend. */
export interface GpuSuiteBackend {
  readonly name: 'webgl' | 'webgpu';
  /** Settings applied once the backend is active. */
  readonly prepare?: () => void;
  /** Whether a tensor's data lives only on the GPU (no CPU copy). */
  onGpuOnly(t: tf.TensorInfo): boolean;
  /** Programs (pipelines, shader programs) compiled so far. */
  compiledPrograms(): number;
  /** Moves a tensor's data to the GPU (tfjs's own upload may compile programs per shape). */
  upload?(t: tf.TensorInfo): void;
  /** Synchronous reads of GPU data so far, where the backend cannot serve them (WebGPU). */
  synchronousReads?(): number;
  /** Whether the backend cannot read GPU data synchronously (so the host route may not). */
  readonly deviceOnly?: boolean;
  /** Whether empty inputs run as shader code (bound as placeholders) rather than on the host. */
  readonly bindsEmptyInputs?: boolean;
}

const CASES_PER_OP = 300;

/**
 * Formats that run as shader code, per op (WebGPU's defaults: a COO matrix is made CSR on the
 * device and a dot product runs as parallel products, see src/tfjs/row-major-forms.ts and
 * src/tfjs/webgpu/dot-products.ts).
 */
const GPU_FORMATS: Readonly<Record<CaseOp, readonly string[]>> = {
  spmv: ['CSR', 'DCSR', 'COO'],
  spmm: ['CSR', 'DCSR', 'COO'],
  sddmm: ['CSR', 'DCSR', 'CSC', 'DCSC', 'COO'],
  sparseDot: ['sparse-vector'],
  toDense: ['CSR', 'DCSR', 'CSC', 'DCSC', 'COO'],
};

/** Switches the active backend (each is initialised once). */
async function useBackend(name: string): Promise<void> {
  if (tf.getBackend() === name) return;
  if (!(await tf.setBackend(name))) throw new Error(`backend ${name} failed to initialise`);
}

/**
 * A result's values, read asynchronously (tfjs-webgpu's synchronous read goes through a canvas,
 * which returns zeros on the headless SwiftShader adapter); disposes the tensor.
 */
async function plain(t: tf.Tensor): Promise<number[]> {
  const values = Array.from(await t.data(), (v) => (v === 0 ? 0 : v));
  t.dispose();
  return values;
}

/**
 * Registers the suite for `backend`. `gpuFormats` overrides which formats must take the shader
 * path (a backend whose shader form covers fewer loop shapes lists fewer).
 */
export function describeSparseSuite(
  backend: GpuSuiteBackend,
  gpuFormats: Readonly<Record<CaseOp, readonly string[]>> = GPU_FORMATS,
): void {
  const use = async () => {
    await useBackend(backend.name);
    backend.prepare?.();
  };
  beforeAll(async () => {
    await use();
    expect(tf.getBackend()).toBe(backend.name);
  });

  describe(`sparse ops on ${backend.name} equal plain loops and the cpu backend`, () => {
    it.each(CASE_OPS)('%s', async (op) => {
      const cases = randomCases(op, CASES_PER_OP, 7 + CASE_OPS.indexOf(op));
      const gpu: number[][] = [];
      const paths: string[] = [];
      await use();
      for (const c of cases) {
        const before = tf.memory().numTensors;
        gpu.push(await plain(tf.tidy(() => runCase(tf, c))));
        paths.push(lastSparseKernelRun()?.path ?? 'none');
        expect(tf.memory().numTensors, describeCase(c)).toBe(before);
      }
      await useBackend('cpu');
      const cpu: number[][] = [];
      for (const c of cases) cpu.push(await plain(tf.tidy(() => runCase(tf, c))));
      await use();
      cases.forEach((c, k) => {
        expect(gpu[k], describeCase(c)).toEqual(referenceOf(c));
        expect(gpu[k], describeCase(c)).toEqual(cpu[k]);
        // A parallel format runs as shader code; an empty output is made without running
        // anything; an empty input takes the host route on WebGL (nothing to bind) and is
        // bound as a placeholder on WebGPU.
        const emptyOutput = (gpu[k]?.length ?? 0) === 0;
        const emptyInput = storedEntries(c) === 0;
        const expected =
          emptyOutput ||
          (gpuFormats[op].includes(c.format) && (backend.bindsEmptyInputs === true || !emptyInput))
            ? 'gpu'
            : 'host';
        expect(paths[k], describeCase(c)).toBe(expected);
      });
    });
  });

  describe(`${backend.name} spmm whose column count is or is not a multiple of 4`, () => {
    // WebGL writes four columns per fragment where the count allows (else one): both forms,
    // with empty rows and (nearly) empty matrices, equal plain loops.
    it('equals plain loops on 120 random CSR cases', async () => {
      await use();
      const columns = [4, 8, 12, 16, 64, 1, 2, 3, 5, 6, 7, 9];
      const cases = randomCases('spmm', 120, 97).map((c, k) => ({
        ...c,
        format: 'CSR' as const,
        inner: columns[k % columns.length] as number,
      }));
      for (const c of cases) {
        expect(await plain(tf.tidy(() => runCase(tf, c))), describeCase(c)).toEqual(referenceOf(c));
        const onGpu =
          c.rows * c.inner === 0 || storedEntries(c) > 0 || backend.bindsEmptyInputs === true;
        expect(lastSparseKernelRun()?.path, describeCase(c)).toBe(onGpu ? 'gpu' : 'host');
      }
    });
  });

  describe(`the sparse conformance suite through the tfjs ops on ${backend.name}`, () => {
    it('passes every case but the documented exclusions, on five operand sets each', async () => {
      await use();
      await expectTfjsConformance();
    });
  });

  describe(`${backend.name}: kernels that read one tensor twice or bind many arrays`, () => {
    /** Random kernels of both classes, with dense data for their operands. */
    const kernels = Array.from({ length: 40 }, (_, n): RandomKernel => {
      const random = seededRandom(1000 + n);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
      const extent = () => 1 + Math.floor(random() * 6);
      const dense = (shape: number[]) =>
        Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () =>
          random() < 0.4 ? Math.round((random() * 8 - 4) * 4) / 4 : 0,
        );
      if (n % 2 === 0) {
        // One tensor under two index patterns (Gram matrices, their transposes, a square mix).
        const [m, k] = [extent(), extent()];
        const [expression, shape] = pick([
          ['C(i,j) = A(i,k) * A(j,k)', [m, k]],
          ['C(i,j) = A(k,i) * A(k,j)', [k, m]],
          ['C(i,j) = A(i,k) * A(j,k) + A(i,j)', [m, m]],
        ] as const);
        return {
          expression,
          formats: { A: pick(['CSR', 'DCSR']) },
          operands: { A: { data: dense([...shape]), shape: [...shape] } },
        };
      }
      // A sum of up to four CSF tensors: 7 arrays each, past every device's binding limit.
      const count = 1 + Math.floor(random() * 4);
      const names = ['A', 'B', 'D', 'E'].slice(0, count);
      const shape = [extent(), extent(), extent()];
      const csf: FormatSpec = ['compressed', 'compressed', 'compressed'];
      return {
        expression: `C(i,j,k) = ${names.map((t) => `${t}(i,j,k)`).join(' + ')}`,
        formats: Object.fromEntries(names.map((t) => [t, csf])),
        operands: Object.fromEntries(names.map((t) => [t, { data: dense(shape), shape }])),
      };
    });

    it('equal the dense reference on 40 random kernels', async () => {
      await use();
      for (const { expression, formats, operands } of kernels) {
        const op = sparseOp(expression, formats);
        const inputs = op.operandNames.map((name) => {
          const { data, shape } = operands[name] as DenseOperand;
          return SparseTensor.fromDense(
            Float32Array.from(data),
            shape,
            formats[name] as FormatSpec,
          );
        });
        const got = await plain(tf.tidy(() => op(...inputs)));
        const expected = referenceIndexNotation(expression, operands, [], {});
        expect(got, `${expression} ${JSON.stringify(operands)}`).toEqual(
          expected.map((v) => (v === 0 ? 0 : v)),
        );
      }
    });
  });

  // Gradients of dense operands (A^T dy): the host route on WebGL (it reads back synchronously),
  // the dense output-major kernel on WebGPU (it cannot).
  describe(`${backend.name} gradients`, () => {
    it("of spmv, spmm and sddmm equal the cpu backend's", async () => {
      /** Gradients w.r.t. the sparse values and the dense operands, read back. */
      const gradients = async (name: string) => {
        await (name === 'cpu' ? useBackend('cpu') : use());
        const A = TfSparseTensor.fromDense(
          tf.tensor2d([0.5, 0, -1, 0, 0, 2, 0.25, 0, 0, 0, 0, 0, 1.5, 0, -0.75], [5, 3]),
          'CSR',
        );
        const x = tf.tensor1d([1, -0.5, 2]);
        const B = tf.tensor2d([1, 2, -1, 0.5, 0.25, -2], [3, 2]);
        const L = tf.tensor2d([1, -1, 0.5, 2, 0, 1, -0.25, 0.5, 1, 1], [5, 2]);
        const R = tf.tensor2d([0.5, 1, -1, 2, 0.25, -0.5], [2, 3]);
        const grads = tf.tidy(() => [
          ...tf.grads((v: tf.Tensor, xx: tf.Tensor) => spmv(A.withValues(v as tf.Tensor1D), xx))([
            A.values,
            x,
          ]),
          ...tf.grads((v: tf.Tensor, b: tf.Tensor) => spmm(A.withValues(v as tf.Tensor1D), b))([
            A.values,
            B,
          ]),
          ...tf.grads((v: tf.Tensor, l: tf.Tensor, r: tf.Tensor) =>
            sddmm(A.withValues(v as tf.Tensor1D), l, r),
          )([A.values, L, R]),
        ]);
        const values: number[][] = [];
        for (const g of grads) values.push(await plain(g));
        A.dispose();
        tf.dispose([x, B, L, R]);
        return values;
      };
      const cpu = await gradients('cpu');
      expect(await gradients(backend.name)).toEqual(cpu);
      expect(cpu.flat().some((v) => v !== 0)).toBe(true);
    });
  });

  describe(`${backend.name} gradients of random kernels`, () => {
    /** Gradients of `expression` w.r.t. every operand (a sparse one's values) on `name`. */
    const gradientsOn = async (name: string, kernel: RandomKernel, seed: number) => {
      await (name === 'cpu' ? useBackend('cpu') : use());
      const op = sparseOp(kernel.expression, kernel.formats);
      const random = seededRandom(seed);
      const stored = op.operandNames.map((t) => {
        const { data, shape } = kernel.operands[t] as DenseOperand;
        const format = kernel.formats[t];
        return format === undefined
          ? tf.tensor(data, shape)
          : TfSparseTensor.fromDense(tf.tensor(data, shape), format);
      });
      const leaves = stored.map((t) => (t instanceof TfSparseTensor ? t.values : t));
      const outputShape = tf.tidy(() => op(...stored).shape);
      const dy = tf.tensor(
        Array.from({ length: outputShape.reduce((a, b) => a * b, 1) }, () => random() * 2 - 1),
        outputShape,
      );
      const grads = tf.tidy(() =>
        tf.grads((...xs: tf.Tensor[]) =>
          op(
            ...xs.map((x, k) => {
              const t = stored[k];
              return t instanceof TfSparseTensor ? t.withValues(x as tf.Tensor1D) : x;
            }),
          ),
        )(leaves, dy),
      );
      const values: number[][] = [];
      for (const g of grads) values.push(await plain(g));
      for (const t of stored) t.dispose();
      dy.dispose();
      return values;
    };

    it("equal the cpu backend's on 30 random kernels", async () => {
      const expressions = [
        ['y(i) = A(i,j) * x(j)', ['A', 'x']],
        ['C(i,j) = A(i,k) * B(k,j)', ['A', 'B']],
        ['C(i,j) = A(i,j) * L(i,k) * R(k,j)', ['A', 'L', 'R']],
        ['y(i) = 2 * A(i,j) * x(j) - b(i)', ['A', 'x', 'b']],
      ] as const;
      for (let n = 0; n < 30; n++) {
        const random = seededRandom(5000 + n);
        const [expression] = expressions[n % expressions.length] as (typeof expressions)[number];
        const extent = () => 1 + Math.floor(random() * 5);
        const sizes: Record<string, number> = { i: extent(), j: extent(), k: extent() };
        const operands: Record<string, DenseOperand> = {};
        for (const { tensor, indices } of accessesOfExpression(expression)) {
          const shape = indices.map((i) => sizes[i] as number);
          const density = tensor === 'A' ? 0.4 : 1;
          operands[tensor] = {
            shape,
            data: Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () =>
              random() < density ? Math.round((random() * 4 - 2) * 4) / 4 : 0,
            ),
          };
        }
        const kernel: RandomKernel = {
          expression,
          formats: { A: n % 3 === 0 ? 'DCSR' : 'CSR' },
          operands,
        };
        const cpu = await gradientsOn('cpu', kernel, n);
        const reads = backend.synchronousReads?.();
        const gpu = await gradientsOn(backend.name, kernel, n);
        expect(backend.synchronousReads?.(), expression).toBe(reads);
        expect(gpu.length, expression).toBe(cpu.length);
        for (const [k, g] of gpu.entries()) {
          for (const [e, v] of g.entries()) {
            expect(v, `${expression} operand ${k}`).toBeCloseTo(cpu[k]?.[e] as number, 4);
          }
        }
      }
    });
  });

  describe(`${backend.name} residency and compilation`, () => {
    it('chains spmv and spmm on GPU data without reading it back', async () => {
      await use();
      const A = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0, 0, 3, 4, 0, 0], [3, 3]), 'CSR');
      const x = tf.tensor1d([1, 2, 3]);
      const [y, C] = tf.tidy(() => {
        const ax = spmv(A, spmv(A, x));
        expect(lastSparseKernelRun()).toMatchObject({ backend: backend.name, path: 'gpu' });
        return [ax, spmm(A, tf.reshape(ax, [3, 1]))];
      });
      // Neither the operands nor the results were read back.
      const all = [...A.tensors(), x, y as tf.Tensor, C as tf.Tensor];
      expect(all.every((t) => backend.onGpuOnly(t))).toBe(true);
      // A x = [7, 9, 4]; A (A x) = [15, 12, 28]; A (A A x) = [71, 84, 60].
      expect(await plain(y as tf.Tensor)).toEqual([15, 12, 28]);
      expect(await plain(C as tf.Tensor)).toEqual([71, 84, 60]);
      A.dispose();
      x.dispose();
    });

    it('a CSC spmv runs on the host and says why', async () => {
      await use();
      const A = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 3], [2, 2]), 'CSC');
      expect(await plain(tf.tidy(() => spmv(A, tf.tensor1d([1, 1]))))).toEqual([1, 5]);
      expect(lastSparseKernelRun()).toMatchObject({
        backend: backend.name,
        path: 'host',
        cause: 'sequential-loops',
        reason: expect.stringMatching(
          /^spmv ran on the CPU .*A is stored as CSC.*Convert A to CSR/,
        ),
        detail: expect.stringMatching(/not indexed by the iteration/),
      });
      A.dispose();
    });

    it('new shapes compile no programs after a warm-up', async () => {
      await use();
      /** Programs compiled by spmv and spmm on an m x n CSR matrix (operands made beforehand). */
      const compiles = async (m: number, n: number, k: number) => {
        const dense = Array.from({ length: m * n }, (_, q) => (q % 3 === 0 ? (q % 7) + 1 : 0));
        const A = TfSparseTensor.fromDense(tf.tensor2d(dense, [m, n]), 'CSR');
        const x = tf.tensor1d(Array.from({ length: n }, (_, q) => q));
        const B = tf.tensor2d(
          Array.from({ length: n * k }, (_, q) => q % 5),
          [n, k],
        );
        for (const t of [...A.tensors(), x, B]) backend.upload?.(t);
        const before = backend.compiledPrograms();
        const y = spmv(A, x);
        const C = spmm(A, B);
        const count = backend.compiledPrograms() - before;
        await plain(y);
        await plain(C);
        A.dispose();
        tf.dispose([x, B]);
        return count;
      };
      // Column counts of both forms (WebGL: four columns per fragment where a multiple of 4).
      await compiles(8, 9, 2);
      await compiles(8, 9, 4);
      expect(await compiles(40, 33, 5)).toBe(0);
      expect(await compiles(40, 33, 8)).toBe(0);
      // B and C of one shape (texture shapes that match between a pass's inputs and output).
      expect(await compiles(24, 24, 12)).toBe(0);
      // (A dense operand with an extent of 1 gets another texture-shape variant on WebGL.)
      expect(await compiles(3, 70, 3)).toBe(0);
    });
  });

  describe(`${backend.name} hardening: GPU-resident operands, empty operands, bad storage`, () => {
    /** `t` computed on the GPU (a pass's output: its data is nowhere else); `t` is disposed. */
    const onGpu = <T extends tf.Tensor>(t: T): T => {
      const moved = tf.tidy(() => tf.neg(tf.neg(t)) as T);
      t.dispose();
      return moved;
    };

    /** A sparse tensor whose storage tensors live only on the GPU. */
    const gpuSparse = (dense: tf.Tensor, format: string): TfSparseTensor => {
      const host = TfSparseTensor.fromDense(dense, format as never);
      const moved = TfSparseTensor.fromTensors(host.shape, format as never, {
        values: onGpu(host.values),
        positions: host.positions.map((t) => (t === undefined ? undefined : onGpu(t))),
        coordinates: host.coordinates.map((t) => (t === undefined ? undefined : onGpu(t))),
      });
      host.dispose();
      return moved;
    };

    /** A later plain op still works (the device was not lost). */
    const deviceAlive = async () => {
      const t = tf.tidy(() => tf.matMul(tf.ones([2, 3]), onGpu(tf.ones([3, 2]))));
      expect(await plain(t)).toEqual([3, 3, 3, 3]);
    };

    it('the reported case: COO spmv whose x lives on the GPU', async () => {
      await use();
      const before = tf.memory().numTensors;
      const dense = tf.tensor2d([1, 0, 2, 0, 0, 3], [3, 2]);
      const A = TfSparseTensor.fromDense(dense, 'COO');
      dense.dispose();
      const x = onGpu(tf.tensor1d([2, 5]));
      expect(await plain(spmv(A, x))).toEqual([2, 4, 15]);
      A.dispose();
      x.dispose();
      expect(tf.memory().numTensors).toBe(before);
      await deviceAlive();
    });

    it('the reported case: the gradient of sparseDot(host a, b) with respect to b', async () => {
      const gradient = async (name: string) => {
        await (name === 'cpu' ? useBackend('cpu') : use());
        const a = SparseTensor.fromDense(Float32Array.from([0, 1.5, 0, -2]), [4], 'sparse-vector');
        const b = onGpu(tf.tensor1d([1, 2, 3, 4]));
        const g = tf.tidy(() => tf.grad((bb: tf.Tensor) => sparseDot(a, bb))(b));
        b.dispose();
        return plain(g);
      };
      expect(await gradient(backend.name)).toEqual(await gradient('cpu'));
      expect(await gradient(backend.name)).toEqual([0, 1.5, 0, -2]);
    });

    it("sparseDot's gradients on 40 random vectors (dense or sparse b, on the GPU) equal the cpu backend's", async () => {
      /** Gradients w.r.t. a's values and b (b's values when sparse), read back. */
      const gradients = async (name: string, seed: number) => {
        await (name === 'cpu' ? useBackend('cpu') : use());
        const random = seededRandom(seed);
        const n = Math.floor(random() * 12);
        const vector = (density: number) =>
          Array.from({ length: n }, () =>
            random() < density ? Math.round((random() * 8 - 4) * 4) / 4 : 0,
          );
        const sparseB = seed % 3 === 0;
        const [aData, bData] = [vector(0.5), vector(sparseB ? 0.5 : 1)];
        const host = seed % 2 === 0;
        const aDense = tf.tensor1d(aData);
        const a = host
          ? SparseTensor.fromDense(Float32Array.from(aData), [n], 'sparse-vector')
          : TfSparseTensor.fromDense(aDense, 'sparse-vector');
        aDense.dispose();
        // A sparse b is built from host data (fromDense reads its tensor); a dense one lives on
        // the GPU.
        const bDense = name === 'cpu' || sparseB ? tf.tensor1d(bData) : onGpu(tf.tensor1d(bData));
        const b = sparseB ? TfSparseTensor.fromDense(bDense, 'sparse-vector') : bDense;
        const bLeaf = b instanceof TfSparseTensor ? b.values : b;
        const bOperand = (bv: tf.Tensor) =>
          b instanceof TfSparseTensor ? b.withValues(bv as tf.Tensor1D) : bv;
        // A host operand's values are no tensor: then only b's gradient.
        const grads = tf.tidy(() =>
          a instanceof TfSparseTensor
            ? tf.grads((av: tf.Tensor, bv: tf.Tensor) =>
                sparseDot(a.withValues(av as tf.Tensor1D), bOperand(bv)),
              )([a.values, bLeaf])
            : tf.grads((bv: tf.Tensor) => sparseDot(a, bOperand(bv)))([bLeaf]),
        );
        const values: number[][] = [];
        for (const g of grads) values.push(await plain(g));
        tf.dispose([bDense, bLeaf]);
        if (a instanceof TfSparseTensor) a.dispose();
        if (b instanceof TfSparseTensor) b.dispose();
        return values;
      };
      for (let seed = 0; seed < 40; seed++) {
        const before = tf.memory().numTensors;
        const cpu = await gradients('cpu', 900 + seed);
        const gpu = await gradients(backend.name, 900 + seed);
        expect(gpu, `seed ${900 + seed}`).toEqual(cpu);
        expect(tf.memory().numTensors, `seed ${900 + seed}`).toBe(before);
      }
    });

    it('the reported case: sddmm with an all-zero S, then its gradient with respect to B', async () => {
      await use();
      const before = tf.memory().numTensors;
      const zeros = tf.zeros([3, 4]);
      const S = TfSparseTensor.fromDense(zeros, 'CSR');
      zeros.dispose();
      const A = onGpu(tf.ones([3, 2]));
      const B = onGpu(tf.ones([2, 4]));
      const [y, gB] = tf.tidy(() => [sddmm(S, A, B), tf.grad((b: tf.Tensor) => sddmm(S, A, b))(B)]);
      expect(await plain(y as tf.Tensor)).toEqual(new Array(12).fill(0));
      expect(await plain(gB as tf.Tensor)).toEqual(new Array(8).fill(0));
      S.dispose();
      tf.dispose([A, B]);
      expect(tf.memory().numTensors).toBe(before);
      await deviceAlive();
    });

    it('every op on GPU-resident operands equals plain loops, or is a typed error first', async () => {
      await use();
      const reads = backend.synchronousReads?.();
      // Random cases with the sparse operand's storage and the dense operands on the GPU only.
      for (const op of ['spmv', 'spmm', 'sddmm', 'sparseDot'] as const) {
        for (const c of randomCases(op, 30, 400 + CASE_OPS.indexOf(op))) {
          const before = tf.memory().numTensors;
          const ref = referenceOf(c);
          const dtype = c.int ? 'int32' : 'float32';
          const dense = tf.tensor(sparseDataOf(c), sparseShapeOf(c), dtype);
          const S = gpuSparse(dense, c.format);
          dense.dispose();
          const operands = denseOperandsOf(c).map((o) => onGpu(tf.tensor(o.data, o.shape, dtype)));
          let got: number[] | undefined;
          let error: unknown;
          try {
            got = await plain(tf.tidy(() => runOp(c, S, operands)));
          } catch (e) {
            error = e;
          }
          S.dispose();
          tf.dispose(operands);
          expect(tf.memory().numTensors, describeCase(c)).toBe(before);
          const noDeviceForm =
            (op === 'spmv' || op === 'spmm') && ['CSC', 'DCSC'].includes(c.format);
          if (backend.deviceOnly === true && noDeviceForm) {
            expect(isTilekitError(error), `${describeCase(c)}: ${String(error)}`).toBe(true);
            expect(String(error), describeCase(c)).toMatch(
              /^SparsifyError: Invalid operands: \w+ has no webgpu form for these operands: [\s\S]* would have to read \S+ back from the GPU to run on the CPU[\s\S]*store the sparse operand row-major/,
            );
          } else {
            expect(error, describeCase(c)).toBeUndefined();
            expect(got, describeCase(c)).toEqual(ref);
          }
        }
      }
      expect(backend.synchronousReads?.()).toBe(reads);
      await deviceAlive();
    });

    it('gradients with respect to empty operands are zero, the device survives', async () => {
      await use();
      for (const c of emptyGradientCases(60, 12)) await expectZeroGradients(tf, c);
      await deviceAlive();
    });

    it('corrupted storage: a typed error on the CPU, clamped (never outside an operand) on the GPU', async () => {
      await use();
      let clamped = 0;
      for (let seed = 0; seed < 40; seed++) {
        const random = seededRandom(700 + seed);
        const [m, n] = [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
        const nnz = Math.min(m * n, 1 + Math.floor(random() * 5));
        const positions = Array.from({ length: m + 1 }, (_, i) =>
          Math.min(nnz, i === m ? nnz : Math.floor(random() * (nnz + 1))),
        );
        positions[0] = 0;
        const bad = [-7, n, 2 ** 31 - 1, n + 3];
        const columns = Array.from(
          { length: nnz },
          () => bad[Math.floor(random() * bad.length)] as number,
        );
        const values = Array.from({ length: nnz }, () => 1);
        const x = onGpu(tf.ones([n]));
        const before = tf.memory().numTensors;
        // Still on the CPU: read and checked.
        const cpuStorage = {
          values: tf.tensor1d(values),
          positions: [undefined, tf.tensor1d(positions, 'int32')],
          coordinates: [undefined, tf.tensor1d(columns, 'int32')],
        };
        expect(() => TfSparseTensor.fromTensors([m, n], 'CSR', cpuStorage)).toThrow(
          expect.objectContaining({ argument: expect.stringMatching(/^storage\./) }),
        );
        tf.dispose([
          cpuStorage.values,
          ...(cpuStorage.positions as tf.Tensor[]).slice(1),
          ...(cpuStorage.coordinates as tf.Tensor[]).slice(1),
        ]);
        expect(tf.memory().numTensors).toBe(before);
        // On the GPU only: clamped, so every read stays inside x and the storage. (A GPU
        // backend may keep a small result on the CPU; that storage is read and checked.)
        const storage = {
          values: onGpu(tf.tensor1d(values)),
          positions: [undefined, onGpu(tf.tensor1d(positions, 'int32'))],
          coordinates: [undefined, onGpu(tf.tensor1d(columns, 'int32'))],
        };
        const indexTensors = [storage.positions[1], storage.coordinates[1]] as tf.Tensor[];
        for (const t of indexTensors) backend.upload?.(t);
        if (indexTensors.every((t) => backend.onGpuOnly(t))) {
          const A = TfSparseTensor.fromTensors([m, n], 'CSR', storage);
          // Clamped as a plain loop clamps: positions into [0, nnz] from 0 to nnz, columns
          // into [0, n - 1].
          const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
          expect(await (A.positions[1] as tf.Tensor1D).array(), `seed ${seed}`).toEqual(
            positions.map((p, i) => (i === 0 ? 0 : i === m ? nnz : clamp(p, nnz))),
          );
          expect(await (A.coordinates[1] as tf.Tensor1D).array(), `seed ${seed}`).toEqual(
            columns.map((c) => clamp(c, n - 1)),
          );
          const y = await plain(spmv(A, x));
          // Each row sums at most every stored entry of x's ones.
          expect(
            y.every((v) => Number.isFinite(v) && v >= 0 && v <= nnz),
            `seed ${seed}`,
          ).toBe(true);
          A.dispose();
          clamped += 1;
        } else {
          expect(() => TfSparseTensor.fromTensors([m, n], 'CSR', storage)).toThrow(
            expect.objectContaining({ argument: expect.stringMatching(/^storage\./) }),
          );
          tf.dispose([storage.values, ...indexTensors]);
        }
        x.dispose();
        expect(tf.memory().numTensors).toBe(before - 1);
      }
      expect(clamped).toBeGreaterThan(0);
      await deviceAlive();
    });
  });
}
