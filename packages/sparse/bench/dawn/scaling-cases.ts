/**
 * The sparse kernels at the sizes where a real GPU's memory system decides their speed: spmv of
 * a 4096² CSR matrix at 1 % and of 1,048,576 rows with 8 entries each (8.4 M), spmm of the
 * 4096² matrix and of a 65,536² one with 16 entries per row, each times 64 dense columns. Each
 * case prints its kernel time (WebGPU timestamp queries where the adapter has
 * `timestamp-query`, else the wall time of one call waited for), the bandwidth on A's storage
 * and on every byte the kernel must move, and its ratio to the one-pass floor (`tf.neg` of as
 * many bytes as the kernel moves), to dense `tf.matMul` where the dense matrix fits, and to
 * cuSPARSE on an H200 (CuPy, CUDA events), the native figures the GPU goals compare with.
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { SparseTensor } from '../../src/index.js';
import { spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';

/** cuSPARSE on an H200 (CuPy), microseconds, by case name. */
const CUSPARSE_H200_US: Readonly<Record<string, number>> = {
  'spmv 4096² 1 %': 47,
  'spmv 1,048,576 rows, 8 per row': 114,
  'spmm 4096² 1 % × 64': 98,
  'spmm 65,536² 16 per row × 64': 593,
};

/** How a measurement was taken. */
export type Timing = 'timestamp-query' | 'wall, waited';

/** One case's operands and calls. */
interface ScalingCase {
  readonly name: string;
  /** Bytes of A's storage (positions, coordinates, values). */
  readonly bytesOfA: number;
  /** Bytes the kernel must read and write at least (A, the dense operand, the output). */
  readonly bytesMoved: number;
  run(): tf.Tensor;
  /** Dense tf.matMul of the same product, where the dense matrix fits. */
  readonly dense?: () => tf.Tensor;
  dispose(): void;
}

/** A CSR matrix of `rows` x `cols` with `perRow(i)` entries in row i at distinct random columns. */
function csr(rows: number, cols: number, perRow: (i: number) => number, seed: number) {
  const random = seededRandom(seed);
  const pos = new Uint32Array(rows + 1);
  for (let i = 0; i < rows; i++) pos[i + 1] = (pos[i] as number) + Math.min(cols, perRow(i));
  const nnz = pos[rows] as number;
  const crd = new Uint32Array(nnz);
  const values = Float32Array.from({ length: nnz }, () => random() * 2 - 1);
  const picked = new Set<number>();
  for (let i = 0; i < rows; i++) {
    picked.clear();
    const want = (pos[i + 1] as number) - (pos[i] as number);
    while (picked.size < want) picked.add(Math.floor(random() * cols));
    crd.set(
      [...picked].sort((a, b) => a - b),
      pos[i] as number,
    );
  }
  const host = SparseTensor.fromStorage([rows, cols], 'CSR', {
    positions: [undefined, pos],
    coordinates: [undefined, crd],
    values,
  });
  return { A: TfSparseTensor.fromSparseTensor(host), host, nnz };
}

/** Bytes of a CSR matrix's storage (int32 positions and coordinates, float32 values). */
const csrBytes = (rows: number, nnz: number) => 4 * (rows + 1) + 8 * nnz;

/**
 * spmv of a `rows` x `cols` CSR matrix with `perRow(i)` entries in row i and a random vector
 * (`k` undefined), or spmm with a random `cols` x `k` matrix.
 */
function productCase(
  name: string,
  rows: number,
  cols: number,
  perRow: (i: number) => number,
  k?: number,
) {
  const columns = k ?? 1;
  const { A, host, nnz } = csr(rows, cols, perRow, k === undefined ? 33 : 35);
  const random = seededRandom(k === undefined ? 34 : 36);
  const data = Float32Array.from({ length: cols * columns }, () => random() * 2 - 1);
  const B = k === undefined ? tf.tensor1d(data) : tf.tensor2d(data, [cols, k]);
  const dense =
    rows * cols <= 4096 * 4096
      ? tf.tensor2d(host.toDense() as Float32Array, [rows, cols])
      : undefined;
  const denseProduct = (d: tf.Tensor2D) =>
    k === undefined
      ? tf.tidy(() => tf.matMul(d, tf.reshape(B, [cols, 1])))
      : tf.matMul(d, B as tf.Tensor2D);
  return {
    name,
    bytesOfA: csrBytes(rows, nnz),
    bytesMoved: csrBytes(rows, nnz) + 4 * cols * columns + 4 * rows * columns,
    run: () => (k === undefined ? spmv(A, B as tf.Tensor1D) : spmm(A, B as tf.Tensor2D)),
    ...(dense === undefined ? {} : { dense: () => denseProduct(dense) }),
    dispose: () => {
      A.dispose();
      tf.dispose([B, ...(dense === undefined ? [] : [dense])]);
    },
  } satisfies ScalingCase;
}

/** Median milliseconds of `samples` calls of `run` (kernel time by `timing`). */
async function medianMs(run: () => tf.Tensor, timing: Timing, samples: number): Promise<number> {
  const times: number[] = [];
  for (let s = 0; s < samples; s++) {
    let out: tf.Tensor | undefined;
    if (timing === 'timestamp-query') {
      const info = await tf.time(() => {
        out = run();
      });
      times.push(info.kernelMs as number);
      await out?.data();
    } else {
      const start = performance.now();
      out = run();
      await out.data();
      times.push(performance.now() - start);
    }
    out?.dispose();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/** Gigabytes per second, three significant digits. */
const gbPerS = (bytes: number, ms: number) => (bytes / (ms * 1e6)).toPrecision(3);
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

/**
 * Runs every scaling case on the active backend (`webgpu`), timing by `timing`, handing each
 * line of the report to `print` as soon as it is known.
 */
export async function runScalingCases(
  timing: Timing,
  samples: number,
  print: (line: string) => void,
): Promise<void> {
  print(`## sparse scaling cases (kernel time: ${timing}, median of ${samples})`);
  const makers: (() => ScalingCase)[] = [
    () => productCase('spmv 4096² 1 %', 4096, 4096, (i) => 36 + (i % 11)),
    () => productCase('spmv 1,048,576 rows, 8 per row', 1_048_576, 1_048_576, () => 8),
    () => productCase('spmm 4096² 1 % × 64', 4096, 4096, (i) => 36 + (i % 11), 64),
    () => productCase('spmm 65,536² 16 per row × 64', 65_536, 65_536, () => 16, 64),
  ];
  for (const make of makers) {
    const c = make();
    // Warm up: uploads, pipelines.
    await c.run().data();
    const floorInput = tf.zeros([Math.ceil(c.bytesMoved / 8)]);
    const floor = () => tf.neg(floorInput);
    await floor().data();
    const ours = await medianMs(() => c.run(), timing, samples);
    const floorMs = await medianMs(floor, timing, samples);
    print(`- ${c.name}`);
    print(
      `    ours: ${us(ours)}, ${gbPerS(c.bytesOfA, ours)} GB/s of A, ${gbPerS(c.bytesMoved, ours)} GB/s of all bytes moved`,
    );
    print(
      `    floor (tf.neg reading and writing as many bytes): ${us(floorMs)}  -> ours / floor ${(ours / floorMs).toFixed(2)}`,
    );
    if (c.dense !== undefined) {
      const dense = c.dense;
      await dense().data();
      const denseMs = await medianMs(dense, timing, Math.min(samples, 5));
      print(`    dense tf.matMul: ${us(denseMs)}  -> ours ${(denseMs / ours).toFixed(2)}x faster`);
    }
    const native = CUSPARSE_H200_US[c.name];
    if (native !== undefined)
      print(
        `    cuSPARSE on an H200: ${native} µs  -> ours / cuSPARSE ${(ours / (native / 1000)).toFixed(2)}`,
      );
    floorInput.dispose();
    c.dispose();
  }
}
