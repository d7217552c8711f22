/**
 * `runSpmvDemo`: a self-contained measurement of the vectorized wasm SpMV against scalar
 * wasm, a hand-written JavaScript CSR loop and tfjs' dense `matMul` on the cpu backend (the
 * CLI's `tilekit demo` prints it).
 */

import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { SparseTensor } from '@tilekit/sparse';
import { spmv } from '@tilekit/sparse/tfjs';
// The demo times scalar loops beside the default vectorized ones: that kernel compiles.
import '@tilekit/sparse/tfjs/compiler';
import '@tilekit/sparse/tfjs/register-cpu';

/** Options of {@link runSpmvDemo}. */
export interface SpmvDemoOptions {
  /** Rows = columns of the square matrix (default 4096). */
  readonly size?: number;
  /** Fraction of non-zeros (default 0.01). */
  readonly density?: number;
  /** Timed repetitions per candidate; the median is reported (default 15). */
  readonly repetitions?: number;
}

/** Median milliseconds per call and speedups of the vectorized wasm SpMV. */
export interface SpmvDemoResult {
  readonly size: number;
  readonly nnz: number;
  readonly milliseconds: Readonly<
    Record<'vectorizedWasm' | 'scalarWasm' | 'javascriptLoop' | 'denseMatMul', number>
  >;
  /** Baseline time / vectorized wasm time. */
  readonly speedups: Readonly<
    Record<'overScalarWasm' | 'overJavascriptLoop' | 'overDenseMatMul', number>
  >;
  /** The largest |difference| between the vectorized result and the JavaScript loop. */
  readonly maxAbsError: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/**
 * Warm-up before timing: V8 runs new WebAssembly in its baseline compiler and swaps in optimised
 * code from a background thread once a function is hot, so a single warm-up call would time the
 * first candidate's baseline code (bench/PERFORMANCE.md has the figures).
 */
const WARM_UP_MS = 50;
const WARM_UP_MIN_CALLS = 10;

function time(fn: () => void, repetitions: number): number {
  const warmUpStart = performance.now();
  for (
    let calls = 0;
    calls < WARM_UP_MIN_CALLS || performance.now() - warmUpStart < WARM_UP_MS;
    calls++
  ) {
    fn();
  }
  const samples: number[] = [];
  for (let r = 0; r < repetitions; r++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

/** A reproducible random CSR matrix with about `density` non-zeros. */
function randomCsr(size: number, density: number): SparseTensor {
  const next = seededRandom(12345);
  const coords: number[][] = [];
  const values: number[] = [];
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      if (next() < density) {
        coords.push([i, j]);
        values.push(next() * 2 - 1);
      }
    }
  }
  return SparseTensor.fromCoordinates(coords, values, [size, size], 'CSR');
}

/** Runs the SpMV comparison on the tfjs cpu backend (loaded on demand). */
export async function runSpmvDemo(options: SpmvDemoOptions = {}): Promise<SpmvDemoResult> {
  await import('@tensorflow/tfjs-backend-cpu');
  await tf.setBackend('cpu');
  const size = options.size ?? 4096;
  const repetitions = options.repetitions ?? 15;
  const A = randomCsr(size, options.density ?? 0.01);
  const x = tf.tensor1d(Float32Array.from({ length: size }, (_, k) => Math.sin(k)));
  const dense = tf.tensor2d(A.toDense() as Float32Array, [size, size]);
  const xColumn = tf.reshape(x, [size, 1]);
  const pos = A.positions[1] as Uint32Array;
  const crd = A.coordinates[1] as Uint32Array;
  const vals = A.values as Float32Array;
  const xs = x.dataSync() as Float32Array;
  const y = new Float32Array(size);
  const jsLoop = (): void => {
    for (let i = 0; i < size; i++) {
      let acc = 0;
      for (let p = pos[i] as number; p < (pos[i + 1] as number); p++)
        acc += (vals[p] as number) * (xs[crd[p] as number] as number);
      y[i] = acc;
    }
  };
  // tidy callbacks return nothing: tidy walks a returned value looking for tensors.
  const run = (opts: Parameters<typeof spmv>[2]) => () =>
    tf.tidy(() => {
      spmv(A, x, opts).dataSync();
    });
  const vectorized = run({ engine: 'wasm', vectorLength: 8, enableSIMDIndex32: true });
  const scalar = run({ engine: 'wasm', vectorLength: 0 });
  const matMul = () =>
    tf.tidy(() => {
      tf.matMul(dense, xColumn).dataSync();
    });
  const milliseconds = {
    vectorizedWasm: time(vectorized, repetitions),
    scalarWasm: time(scalar, repetitions),
    javascriptLoop: time(jsLoop, repetitions),
    denseMatMul: time(matMul, Math.max(3, Math.floor(repetitions / 3))),
  };
  const out = spmv(A, x);
  const result = out.dataSync() as Float32Array;
  out.dispose();
  jsLoop();
  const maxAbsError = result.reduce((m, v, k) => Math.max(m, Math.abs(v - (y[k] as number))), 0);
  tf.dispose([x, dense, xColumn]);
  const v = milliseconds.vectorizedWasm;
  return {
    size,
    nnz: A.nnz,
    milliseconds,
    speedups: {
      overScalarWasm: milliseconds.scalarWasm / v,
      overJavascriptLoop: milliseconds.javascriptLoop / v,
      overDenseMatMul: milliseconds.denseMatMul / v,
    },
    maxAbsError,
  };
}
