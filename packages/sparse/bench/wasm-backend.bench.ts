/**
 * `spmv` on tfjs's wasm backend (operands read in place on its heap: the sparse matrix uploaded
 * there once as a `TfSparseTensor`, x and y never copied) against the same op on the cpu
 * backend (the same vectorized kernel; A, uploaded once too, stays in the engine's memory
 * between calls, x is copied in and y out on every call). CSR 4096x4096 at 1 % (f32), one
 * fixed seed; both read their result back with `dataSync`.
 *
 * Each candidate runs on its own backend with its own A and x, so no tensor moves between
 * backends; a candidate switches the active backend only on the first call of a batch (a batch
 * lasts at least the harness's minimum sample time, so the switch is noise).
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { defineBenchSuite } from '@tilekit/bench';
import { spmv, TfSparseTensor } from '@tilekit/sparse/tfjs';
import '@tilekit/sparse/tfjs/register-cpu';
import '@tilekit/sparse/tfjs/register-wasm';
import { randomOperands } from './random-operands.js';

const N = 4096;
const DENSITY = 0.01;

const operands = randomOperands(2024);
const A = operands.sparse([N, N], DENSITY, 'CSR');
const x = operands.vector(N);

type BackendName = 'cpu' | 'wasm';
const xOn = new Map<BackendName, tf.Tensor1D>();
const aOn = new Map<BackendName, TfSparseTensor>();

/** One spmv on `backend` with that backend's x, read back; switches backend only when needed. */
function spmvOn(backend: BackendName): () => unknown {
  const run = () =>
    tf.tidy(() => {
      spmv(aOn.get(backend)!, xOn.get(backend)!).dataSync();
    });
  return () => (tf.getBackend() === backend ? run() : tf.setBackend(backend).then(run));
}

/** y on `backend`, as float32 bit patterns. */
async function bitsOn(backend: BackendName): Promise<Uint32Array> {
  await tf.setBackend(backend);
  const y = spmv(aOn.get(backend)!, xOn.get(backend)!);
  const bits = new Uint32Array(Float32Array.from(y.dataSync()).buffer);
  y.dispose();
  return bits;
}

export default defineBenchSuite({
  name: 'sparse: sparse ops on the tfjs wasm backend',
  async setup() {
    tf.env().set('IS_TEST', true);
    for (const backend of ['wasm', 'cpu'] as const) {
      if (!(await tf.setBackend(backend))) throw new Error(`the ${backend} backend failed`);
      xOn.set(backend, tf.tensor1d(x));
      aOn.set(backend, TfSparseTensor.fromSparseTensor(A));
    }
    // Both candidates compute the same y, bit for bit.
    const [wasm, cpu] = [await bitsOn('wasm'), await bitsOn('cpu')];
    if (!wasm.every((b, k) => b === cpu[k])) throw new Error('spmv differs between backends');
  },
  teardown() {
    tf.dispose([...xOn.values()]);
    for (const a of aOn.values()) a.dispose();
  },
  cases: [
    {
      name: `tfjs spmv(A, x), CSR ${N}x${N}, 1 % (${A.nnz} nnz), f32: wasm backend vs cpu backend`,
      items: A.nnz,
      ours: { label: 'spmv on the wasm backend (A, x read in place)', fn: spmvOn('wasm') },
      baselines: [
        { label: 'spmv on the cpu backend (A resident, x copied in)', fn: spmvOn('cpu') },
      ],
      goal: 'faster than the cpu backend (ratio > 1)',
    },
  ],
});
