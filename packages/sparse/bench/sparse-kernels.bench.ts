/**
 * Sparse kernels end to end: vectorized wasm against scalar wasm (the same engine running the
 * unvectorized loops), hand-written JavaScript loops, and tfjs' dense `matMul` (cpu backend,
 * and tfjs-backend-wasm), plus the compile pipeline per kernel. Data: CSR 4096x4096 at 1 %
 * (f32), B 4096x64, vectors of 1 M elements; one fixed seed.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { defineBenchSuite, runCase } from '@tilekit/bench';
import { buildWasm, compile, type EngineCall } from '@tilekit/loop-engines';
import { spmv } from '@tilekit/sparse/tfjs';
import '@tilekit/sparse/tfjs/register-cpu';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { bindArguments, type FormatSpec, type KernelOperand, sparsify } from '../src/index.js';
import { emitKernel } from '../src/sparsify/sparsify.js';
import { randomOperands } from './random-operands.js';

const N = 4096;
const K = 64;
const LONG = 1 << 20;
/** The vector options the benchmarks run with (see the README for the vl sweep). */
const VECTOR = { vectorLength: 8, enableSIMDIndex32: true } as const;

const { vector: randomVector, sparse: randomSparse } = randomOperands(2024);

const A = randomSparse([N, N], 0.01, 'CSR');
const x = randomVector(N);
const B = randomVector(N * K);
const sparseLong = randomSparse([LONG], 0.01, 'sparse-vector');
const denseA = randomVector(LONG);
const denseB = randomVector(LONG);

/** A kernel compiled scalar and vectorized on wasm, with its arguments bound once. */
function kernelPair(
  expr: string,
  formats: Record<string, FormatSpec>,
  operands: Record<string, KernelOperand>,
) {
  const k = sparsify(expr, formats);
  const call = bindArguments(k, operands);
  const scalar: EngineCall = compile(k.module, k.functionName, { engine: 'wasm' });
  const vector: EngineCall = compile(vectorize(k.module, VECTOR).module, k.functionName, {
    engine: 'wasm',
  });
  return { kernel: k, scalar: () => scalar(...call.args), vector: () => vector(...call.args) };
}

const spmvPair = kernelPair(
  'y(i) = A(i,j) * x(j)',
  { A: 'CSR' },
  { A, x: { data: x, shape: [N] } },
);
const spmmPair = kernelPair(
  'C(i,k) = A(i,j) * B(j,k)',
  { A: 'CSR' },
  { A, B: { data: B, shape: [N, K] } },
);
const sparseDotPair = kernelPair(
  's = a(i) * b(i)',
  { a: 'sparse-vector' },
  { a: sparseLong, b: { data: denseB, shape: [LONG] } },
);
const denseDotPair = kernelPair(
  's = a(i) * b(i)',
  {},
  { a: { data: denseA, shape: [LONG] }, b: { data: denseB, shape: [LONG] } },
);

// Hand-written JavaScript baselines over the same typed arrays.
const pos = A.positions[1] as Uint32Array;
const crd = A.coordinates[1] as Uint32Array;
const vals = A.values as Float32Array;
const y = new Float32Array(N);
const C = new Float32Array(N * K);
function jsSpmv(): void {
  for (let i = 0; i < N; i++) {
    let acc = 0;
    for (let p = pos[i] as number; p < (pos[i + 1] as number); p++)
      acc += (vals[p] as number) * (x[crd[p] as number] as number);
    y[i] = acc;
  }
}
function jsSpmm(): void {
  C.fill(0);
  for (let i = 0; i < N; i++) {
    for (let p = pos[i] as number; p < (pos[i + 1] as number); p++) {
      const a = vals[p] as number;
      const row = (crd[p] as number) * K;
      for (let k = 0; k < K; k++)
        C[i * K + k] = (C[i * K + k] as number) + a * (B[row + k] as number);
    }
  }
}
const sCrd = sparseLong.coordinates[0] as Uint32Array;
const sVals = sparseLong.values as Float32Array;
let sink = 0;
function jsSparseDot(): void {
  let acc = 0;
  for (let p = 0; p < sVals.length; p++)
    acc += (sVals[p] as number) * (denseB[sCrd[p] as number] as number);
  sink += acc;
}
function jsDenseDot(): void {
  let acc = 0;
  for (let i = 0; i < LONG; i++) acc += (denseA[i] as number) * (denseB[i] as number);
  sink += acc;
}

// tfjs: the sparse op (cpu backend) against dense matMul on the cpu and wasm backends.
let xCpu: tf.Tensor1D;
let aCpu: tf.Tensor2D;
let xColCpu: tf.Tensor2D;
let aWasm: tf.Tensor2D;
let xColWasm: tf.Tensor2D;

/**
 * Parse -> sparsify -> vectorize -> wasm module, the whole compile pipeline of one kernel (the
 * uncached emitter: `sparsify` would answer a repeat from its cache).
 */
function compilePipeline(expr: string, formats: Record<string, FormatSpec>): number {
  const k = emitKernel(expr, formats);
  const art = buildWasm(vectorize(k.module, VECTOR).module, k.functionName);
  return (
    new WebAssembly.Module(art.bytes as BufferSource).constructor.name.length + art.bytes.length
  );
}

const KERNELS: readonly [string, string, Record<string, FormatSpec>][] = [
  ['SpMV CSR', 'y(i) = A(i,j) * x(j)', { A: 'CSR' }],
  ['SpMM CSR', 'C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }],
  ['SDDMM CSR', 'X(i,j) = S(i,j) * (A(i,k) * B(k,j))', { S: 'CSR' }],
  ['sparse dot', 's = a(i) * b(i)', { a: 'sparse-vector' }],
  ['sparse add (union)', 'x(i) = a(i) + b(i)', { a: 'sparse-vector', b: 'sparse-vector' }],
];

export default defineBenchSuite({
  name: 'sparse: sparse kernels (wasm engine)',
  async setup() {
    await tf.setBackend('wasm');
    aWasm = tf.tensor2d(A.toDense() as Float32Array, [N, N]);
    xColWasm = tf.tensor2d(x, [N, 1]);
    await tf.setBackend('cpu');
    xCpu = tf.tensor1d(x);
    aCpu = tf.tensor2d(A.toDense() as Float32Array, [N, N]);
    xColCpu = tf.tensor2d(x, [N, 1]);
  },
  teardown() {
    tf.dispose([xCpu, aCpu, xColCpu, aWasm, xColWasm]);
  },
  cases: [
    {
      name: `CSR SpMV ${N}x${N}, 1 % (${A.nnz} nnz), f32`,
      items: A.nnz,
      ours: { label: `wasm vectorized (vl=${VECTOR.vectorLength}, idx32)`, fn: spmvPair.vector },
      baselines: [
        { label: 'wasm scalar (same kernel, not vectorized)', fn: spmvPair.scalar },
        { label: 'hand-written JavaScript CSR loop', fn: jsSpmv },
      ],
      goal: '>= 1.3x scalar wasm, >= 2x the JavaScript loop',
    },
    {
      name: `CSR SpMM ${N}x${N} (1 %) x ${N}x${K}, f32`,
      items: A.nnz * K,
      ours: { label: `wasm vectorized (vl=${VECTOR.vectorLength}, idx32)`, fn: spmmPair.vector },
      baselines: [
        { label: 'wasm scalar', fn: spmmPair.scalar },
        { label: 'hand-written JavaScript loop', fn: jsSpmm },
      ],
      goal: 'faster than scalar wasm and the JavaScript loop',
    },
    {
      name: `sparse dot: 1 M-element sparse vector (1 %, ${sparseLong.nnz} nnz) . dense, f32`,
      items: sparseLong.nnz,
      ours: { label: 'wasm vectorized', fn: sparseDotPair.vector },
      baselines: [
        { label: 'wasm scalar', fn: sparseDotPair.scalar },
        { label: 'hand-written JavaScript loop', fn: jsSparseDot },
      ],
    },
    {
      name: 'dense dot, 1 M elements, f32',
      items: LONG,
      ours: { label: 'wasm vectorized', fn: denseDotPair.vector },
      baselines: [
        { label: 'wasm scalar', fn: denseDotPair.scalar },
        { label: 'hand-written JavaScript loop (f64 accumulator)', fn: jsDenseDot },
      ],
      goal: '>= 2x scalar wasm',
    },
    {
      name: `tfjs: spmv(A, x) vs dense tf.matMul, ${N}x${N}`,
      items: A.nnz,
      ours: {
        label: 'spmv (cpu backend, vectorized wasm kernel)',
        fn: () =>
          tf.tidy(() => {
            spmv(A, xCpu).dataSync();
          }),
      },
      baselines: [
        {
          label: 'tf.matMul dense (cpu backend)',
          fn: () =>
            tf.tidy(() => {
              tf.matMul(aCpu, xColCpu).dataSync();
            }),
        },
        {
          label: 'tf.matMul dense (tfjs-backend-wasm; includes two setBackend switches)',
          fn: async () => {
            await tf.setBackend('wasm');
            tf.tidy(() => {
              tf.matMul(aWasm, xColWasm).dataSync();
            });
            await tf.setBackend('cpu');
          },
        },
      ],
      goal: '>= 20x tf.matMul on cpu',
    },
    {
      name: 'compile pipeline: notation -> sparsify -> vectorize -> wasm module (SpMV CSR)',
      items: 1,
      ours: {
        label: 'SpMV CSR pipeline',
        fn: () => compilePipeline('y(i) = A(i,j) * x(j)', { A: 'CSR' }),
      },
      baselines: [],
      extra: async () => {
        const figures: Record<string, string | number> = {};
        for (const [label, expr, formats] of KERNELS) {
          const k = sparsify(expr, formats);
          const { ours } = await runCase({
            name: `${label} compile`,
            ours: { label, fn: () => compilePipeline(expr, formats) },
            baselines: [],
          });
          figures[`${label} compile median`] = `${ours.medianMs.toFixed(2)} ms`;
          figures[`${label} wasm bytes`] = buildWasm(
            vectorize(k.module, VECTOR).module,
            k.functionName,
          ).bytes.length;
        }
        return figures;
      },
    },
  ],
});

// Keeps the JavaScript baselines' results observable so they are not optimized away.
export const observed = (): number => sink + (y[0] as number) + (C[0] as number);
