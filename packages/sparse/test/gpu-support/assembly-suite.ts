/**
 * The shared suite of sparseMatMulAsync, sparseAddAsync and sparseMulAsync (sparse x sparse) on a
 * GPU backend (SwiftShader WebGPU or WebGL2):
 * the two-pass device assembly against the cpu backend's host assembly of the same operands as
 * `TfSparseTensor`s, on seeded random CSR and COO operands (empty rows, empty matrices, rows
 * whose products pile onto a few columns), float32 and int32: the same row positions, the same
 * columns in the same order, the same value bits. Operands live only on the GPU; no
 * synchronous read happens, nothing leaks, a new shape of a warmed kind compiles no pipeline,
 * and what the device cannot take is a typed error before anything runs.
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { describe, expect, it } from 'vitest';
import type { FormatSpec, SparseTensor } from '../../src/sparse-tensor/index.js';
import {
  SparseAssemblyCounts,
  SparseAssemblyFill,
  sparseAdd,
  sparseAddAsync,
  sparseMatMul,
  sparseMatMulAsync,
  sparseMul,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import { ASYNC_ASSEMBLY_OPS, SYNC_ASSEMBLY_OPS } from '../tfjs/support/assembly-ops.js';
import {
  type AssemblyCombine as Combine,
  randomMatrix,
  randomPair,
  randomVector,
  referenceAssembly,
} from '../tfjs/support/assembly-reference.js';
import type { GpuSuiteBackend } from './sparse-suite.js';

/** `t` computed on the GPU (its data nowhere else). */
function onGpu(t: tf.Tensor1D): tf.Tensor1D {
  return tf.tidy(() => tf.neg(tf.neg(t)) as tf.Tensor1D);
}

/** `host` as a `TfSparseTensor` in `format` whose storage lives only on the GPU. */
export function gpuSparse(
  gpu: GpuSuiteBackend,
  host: SparseTensor,
  format: FormatSpec,
): TfSparseTensor {
  const uploaded = TfSparseTensor.fromSparseTensor(host.convert(format));
  // (WebGL would run tiny passes over CPU data on the CPU: the data goes to textures first.)
  for (const t of uploaded.tensors()) if (t.size > 0) gpu.upload?.(t);
  const moved = tf.tidy(() => ({
    values: onGpu(uploaded.values),
    positions: uploaded.positions.map((t) => (t === undefined ? undefined : onGpu(t))),
    coordinates: uploaded.coordinates.map((t) => (t === undefined ? undefined : onGpu(t))),
  }));
  uploaded.dispose();
  return TfSparseTensor.fromTensors(host.shape, format, moved);
}

/** A result's storage: every array, the values as their bits. */
async function storageOf(s: TfSparseTensor) {
  const read = async (t: tf.Tensor1D | undefined) =>
    t === undefined ? undefined : Array.from(new Int32Array((await t.data()).slice().buffer));
  return {
    shape: s.shape,
    levels: s.format.levels,
    positions: await Promise.all(s.positions.map(read)),
    coordinates: await Promise.all(s.coordinates.map(read)),
    valueBits: await read(s.values),
  };
}

/** The row-major arrays of a result's storage. */
function rowStorage(s: Awaited<ReturnType<typeof storageOf>>) {
  const level = s.shape.length - 1;
  return {
    positions: s.positions[level],
    coordinates: s.coordinates[level],
    valueBits: s.valueBits,
  };
}

/** Makes the cpu backend active. */
async function useCpu(): Promise<void> {
  if (tf.getBackend() !== 'cpu') expect(await tf.setBackend('cpu')).toBe(true);
}

/** Makes `gpu` the active backend. */
async function use(gpu: GpuSuiteBackend): Promise<void> {
  if (tf.getBackend() === gpu.name) return;
  expect(await tf.setBackend(gpu.name)).toBe(true);
  gpu.prepare?.();
}

/** The suite on `gpu`. */
export function describeAssemblySuite(gpu: GpuSuiteBackend): void {
  /** The cpu backend's host assembly of `combine` on `A` and `B` as `TfSparseTensor`s. */
  async function cpuReference(combine: Combine, A: SparseTensor, B: SparseTensor) {
    await useCpu();
    const a = TfSparseTensor.fromSparseTensor(A);
    const b = TfSparseTensor.fromSparseTensor(B);
    const C = combine === 'product' ? sparseMatMul(a, b, 'CSR') : SYNC_ASSEMBLY_OPS[combine](a, b);
    const storage = await storageOf(C);
    for (const s of [a, b, C]) s.dispose();
    return storage;
  }

  /** The webgpu device assembly of the same, operands on the GPU only in `formats`. */
  async function deviceResult(
    combine: Combine,
    A: SparseTensor,
    B: SparseTensor,
    formats: readonly [FormatSpec, FormatSpec],
  ) {
    await use(gpu);
    const before = tf.memory().numTensors;
    const a = gpuSparse(gpu, A, formats[0]);
    const b = gpuSparse(gpu, B, formats[1]);
    // (Only where the backend cannot read GPU data synchronously is its absence on the CPU a claim.)
    if (gpu.deviceOnly)
      for (const t of [...a.tensors(), ...b.tensors()])
        expect(t.size === 0 || gpu.onGpuOnly(t)).toBe(true);
    const reads = gpu.synchronousReads?.() ?? 0;
    const C = await ASYNC_ASSEMBLY_OPS[combine](a, b);
    expect(gpu.synchronousReads?.() ?? 0).toBe(reads);
    const storage = await storageOf(C);
    for (const s of [a, b, C]) s.dispose();
    expect(tf.memory().numTensors).toBe(before);
    return storage;
  }

  const CASES = 10;

  describe(`${gpu.name}: sparse results assembled on the device in two passes`, () => {
    for (const combine of ['product', 'union', 'intersection'] as const)
      for (const dtype of ['float32', 'int32'] as const)
        it(`${combine}, ${dtype}: the cpu backend's storage, bit for bit`, async () => {
          for (let seed = 1; seed <= CASES; seed++) {
            const next = seededRandom(700 + seed * 13 + dtype.length);
            const [A, B] = randomPair(combine, dtype, next, seed);
            // COO operands are made CSR on the device (an element-wise result takes A's format,
            // which must be CSR, so only B is COO there).
            const formats: [FormatSpec, FormatSpec] =
              seed % 3 === 0 && combine === 'product'
                ? ['COO', 'CSR']
                : seed % 3 === 1
                  ? ['CSR', 'CSR']
                  : ['CSR', 'COO'];
            const label = `seed ${seed}, [${A.shape}] ${formats[0]} x [${B.shape}] ${formats[1]}`;
            const reference = await cpuReference(combine, A, B);
            const device = await deviceResult(combine, A, B, formats);
            expect(device, label).toEqual(reference);
            expect(rowStorage(device), label).toEqual(referenceAssembly(combine, A, B, dtype));
          }
        });

    it('hundreds of rows (several workgroups): the plain-loop storage', async () => {
      for (const combine of ['product', 'union', 'intersection'] as const) {
        const next = seededRandom(1200 + combine.length);
        const [m, k, n] = [300, 200, 250];
        const A = randomMatrix(m, combine === 'product' ? k : n, 12, 'float32', next);
        const B = randomMatrix(combine === 'product' ? k : m, n, 12, 'float32', next);
        const device = await deviceResult(combine, A, B, ['CSR', 'CSR']);
        expect(rowStorage(device), combine).toEqual(referenceAssembly(combine, A, B, 'float32'));
      }
    });

    it('sparse vectors: sum and product of two compressed vectors', async () => {
      for (let seed = 1; seed <= CASES; seed++) {
        const next = seededRandom(900 + seed);
        const n = Math.floor(next() * 12);
        const dtype = seed % 2 === 0 ? 'int32' : 'float32';
        const [a, b] = [randomVector(n, dtype, next), randomVector(n, dtype, next)];
        for (const combine of ['union', 'intersection'] as const) {
          const reference = await cpuReference(combine, a, b);
          const device = await deviceResult(combine, a, b, ['sparse-vector', 'sparse-vector']);
          expect(device, `seed ${seed} ${combine}`).toEqual(reference);
          expect(rowStorage(device)).toEqual(referenceAssembly(combine, a, b, dtype));
        }
      }
    });

    it('a new shape of a warmed kind compiles no pipeline', async () => {
      await use(gpu);
      /** Pipelines the device assembly compiles for operands of these extents, every kind. */
      const compiles = async (seed: number, m: number, k: number, n: number) => {
        let count = 0;
        for (const dtype of ['float32', 'int32'] as const)
          for (const combine of ['product', 'union', 'intersection'] as const) {
            const next = seededRandom(seed);
            const A = randomMatrix(m, k, 4, dtype, next);
            const B = randomMatrix(
              combine === 'product' ? k : m,
              combine === 'product' ? n : k,
              4,
              dtype,
              next,
            );
            // Uploaded as they are: a packed texture (what tfjs-webgl's packed ops write) is
            // unpacked by tfjs's own program, which compiles per shape.
            const [a, b] = [A, B].map((s) => {
              const t = TfSparseTensor.fromSparseTensor(s);
              for (const x of t.tensors()) if (x.size > 0) gpu.upload?.(x);
              return t;
            }) as [TfSparseTensor, TfSparseTensor];
            const before = gpu.compiledPrograms();
            const C = await ASYNC_ASSEMBLY_OPS[combine](a, b);
            count += gpu.compiledPrograms() - before;
            await C.values.data();
            for (const s of [a, b, C]) s.dispose();
          }
        return count;
      };
      await compiles(1, 6, 5, 7);
      expect(await compiles(2, 40, 33, 9)).toBe(0);
      expect(await compiles(3, 3, 70, 2)).toBe(0);
      expect(await compiles(4, 12, 9, 30)).toBe(0);
      // (WebGL compiles another variant of a program for an input of one texel, a one-entry or
      // empty operand array, once per kind; WebGPU none.)
      if (gpu.deviceOnly) expect(await compiles(5, 1, 1, 1)).toBe(0);
    });

    it('what the device cannot take is a typed error, before anything runs, leaving nothing', async () => {
      await use(gpu);
      const next = seededRandom(5);
      const A = randomMatrix(4, 5, 3, 'float32', next);
      const B = randomMatrix(5, 3, 3, 'float32', next);
      const a = gpuSparse(gpu, A, 'CSR');
      const b = gpuSparse(gpu, B, 'CSR');
      const csc = gpuSparse(gpu, B, 'CSC');
      const dense = tf.ones([4, 5]);
      const before = tf.memory().numTensors;
      const rejects = async (call: () => unknown, argument: string, text: RegExp) => {
        let caught: unknown;
        try {
          await call();
        } catch (e) {
          caught = e;
        }
        expect(isTilekitError(caught), String(caught)).toBe(true);
        expect((caught as { argument: string }).argument).toBe(argument);
        expect(String(caught)).toMatch(text);
        expect(tf.memory().numTensors).toBe(before);
      };
      // The synchronous ops name the Promise variant.
      await rejects(() => sparseMatMul(a, b), 'A', /sparseMatMulAsync/);
      await rejects(() => sparseAdd(a, a), 'A', /sparseAddAsync/);
      await rejects(() => sparseMul(a, a), 'A', /sparseMulAsync/);
      await rejects(() => sparseMatMulAsync(a, b, 'CSC'), 'format', /CSR/);
      await rejects(() => sparseMatMulAsync(a, csc), 'B', /CSR/);
      await rejects(() => sparseMatMulAsync(b, a), 'B', /rows/);
      await rejects(() => sparseAddAsync(a, b), 'B', /shape/);
      await rejects(() => sparseAddAsync(a, dense as never), 'B', /sparse/);
      // The kernels called directly check their attributes and inputs.
      const pos = a.positions[1] as tf.Tensor1D;
      const crd = a.coordinates[1] as tf.Tensor1D;
      const counts = (inputs: object, attrs: object) => () =>
        tf.engine().runKernel(SparseAssemblyCounts, inputs as never, attrs as never);
      const fill = (attrs: object) => () =>
        tf.engine().runKernel(
          SparseAssemblyFill,
          {
            aPos: pos,
            aCrd: crd,
            aVal: a.values,
            bPos: pos,
            bCrd: crd,
            bVal: a.values,
            cPos: pos,
          },
          attrs as never,
        );
      const four = { aPos: pos, aCrd: crd, bPos: pos, bCrd: crd };
      await rejects(counts(four, { combine: 'sum' }), 'attrs.combine', /product/);
      await rejects(counts({ aPos: pos }, { combine: 'union' }), 'inputs.aCrd', /rank-1/);
      await rejects(
        counts({ ...four, bCrd: a.values }, { combine: 'union' }),
        'inputs.bCrd',
        /int32/,
      );
      await rejects(fill({ combine: 'union', part: 'rows', nnz: 1 }), 'attrs.part', /values/);
      await rejects(fill({ combine: 'union', part: 'values', nnz: -1 }), 'attrs.nnz', /int32/);
      for (const s of [a, b, csc]) s.dispose();
      dense.dispose();
    });
  });
}
