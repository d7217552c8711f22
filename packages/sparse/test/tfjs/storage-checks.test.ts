/**
 * No kernel reads outside its operands whatever storage it is given: `TfSparseTensor.fromTensors`
 * checks lengths and (in host memory: cpu, wasm) contents with `SparseTensor.fromStorage`'s
 * rules, and a kernel called directly through `runKernel` checks the storage it gets. Seeded
 * random storages of every matrix format, each corrupted in one place (a negative, too large or
 * huge coordinate, a position past the entries, a wrong length), are typed errors naming the
 * array, leaving no tensor behind; the same storages uncorrupted compute the plain-loop result.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { INT32_MAX, isTilekitError } from '@tilekit/errors';
import { describe, expect, it } from 'vitest';
import { type NamedFormat, SparseTensor } from '../../src/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { SparseSpmv, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import { randomDense, rng } from '../sparsify/fixtures.js';
import { MATRIX_FORMATS } from './support/formats.js';

tf.env().set('IS_TEST', true);

const CORRUPTIONS = ['negative', 'past the level', 'int32 max', 'position past the end', 'length'];

/** Int32 arrays of a host tensor's storage (what a caller would upload). */
function storageArrays(s: SparseTensor) {
  const int32 = (a: ArrayLike<number | bigint> | undefined) =>
    a === undefined ? undefined : Int32Array.from(a as ArrayLike<number>, Number);
  return {
    values: Float32Array.from(s.values as Float32Array),
    positions: s.positions.map(int32),
    coordinates: s.coordinates.map(int32),
  };
}

/** A random storage and one corruption of it (which array, how). */
function randomCase(seed: number) {
  const next = rng(seed);
  const rows = 1 + Math.floor(next() * 9);
  const cols = 1 + Math.floor(next() * 9);
  const format = MATRIX_FORMATS[Math.floor(next() * MATRIX_FORMATS.length)] as NamedFormat;
  const dense = Float32Array.from(randomDense([rows, cols], { density: 0.5, seed }));
  const host = SparseTensor.fromDense(dense, [rows, cols], format, { dtype: 'float32' });
  const arrays = storageArrays(host);
  const candidates: { kind: 'positions' | 'coordinates'; level: number }[] = [];
  arrays.positions.forEach((a, l) => {
    if (a !== undefined) candidates.push({ kind: 'positions', level: l });
  });
  arrays.coordinates.forEach((a, l) => {
    if (a !== undefined && a.length > 0) candidates.push({ kind: 'coordinates', level: l });
  });
  const target = candidates[Math.floor(next() * candidates.length)] as (typeof candidates)[number];
  let corruption = CORRUPTIONS[Math.floor(next() * CORRUPTIONS.length)] as string;
  if (target.kind === 'positions' && corruption !== 'length') corruption = 'position past the end';
  if (target.kind === 'coordinates' && corruption === 'position past the end')
    corruption = 'negative';
  const corrupted = storageArrays(host);
  const array = corrupted[target.kind][target.level] as Int32Array;
  const at = Math.floor(next() * array.length);
  const levelSize = [rows, cols][host.format.order[target.level] as number] as number;
  if (corruption === 'length') {
    corrupted[target.kind][target.level] = Int32Array.from([...array, 0]);
  } else if (corruption === 'negative') {
    array[at] = -1 - Math.floor(next() * 5);
  } else if (corruption === 'past the level') {
    array[at] = levelSize + Math.floor(next() * 3);
  } else if (corruption === 'int32 max') {
    array[at] = INT32_MAX;
  } else {
    array[at] = (corrupted.coordinates[target.level] as Int32Array).length + 1;
  }
  return { rows, cols, format, dense, host, arrays, corrupted, target, corruption };
}

/** The arrays as tensors on the active backend. */
function upload(arrays: ReturnType<typeof storageArrays>) {
  const t = (a: Int32Array | undefined) => (a === undefined ? undefined : tf.tensor1d(a, 'int32'));
  return {
    values: tf.tensor1d(arrays.values),
    positions: arrays.positions.map(t),
    coordinates: arrays.coordinates.map(t),
  };
}

const tensorsOf = (s: ReturnType<typeof upload>) =>
  [s.values, ...s.positions, ...s.coordinates].filter((t): t is tf.Tensor1D => t !== undefined);

/** The plain-loop product of a dense row-major matrix and a vector. */
const reference = (dense: Float32Array, rows: number, cols: number, x: number[]) =>
  Array.from({ length: rows }, (_, i) =>
    x.reduce((sum, v, j) => sum + (dense[i * cols + j] as number) * v, 0),
  );

describe.each(['cpu', 'wasm'])('sparse storage on %s', (backend) => {
  it('the reported case: fromTensors with coordinates 100000 and -5 is a typed error', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const before = tf.memory().numTensors;
    const storage = {
      values: tf.tensor1d([1, 2]),
      positions: [undefined, tf.tensor1d([0, 1, 2], 'int32')],
      coordinates: [undefined, tf.tensor1d([100000, -5], 'int32')],
    };
    expect(() => TfSparseTensor.fromTensors([2, 3], 'CSR', storage)).toThrow(
      expect.objectContaining({ name: 'SparseStorageError', argument: 'storage.coordinates[1]' }),
    );
    tf.dispose(tensorsOf(storage));
    expect(tf.memory().numTensors).toBe(before);
  });

  it('fromTensors rejects 300 randomly corrupted storages and accepts them intact', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    for (let seed = 0; seed < 300; seed++) {
      const c = randomCase(seed);
      const what = `${c.format} ${c.rows}x${c.cols} ${c.target.kind}[${c.target.level}] ${c.corruption} (seed ${seed})`;
      const before = tf.memory().numTensors;
      const bad = upload(c.corrupted);
      const error = thrownBy(() => TfSparseTensor.fromTensors([c.rows, c.cols], c.format, bad));
      expect(isTilekitError(error), what).toBe(true);
      expect((error as { argument: string }).argument, what).toMatch(/^storage\./);
      // Nothing was disposed or made: the caller still owns the tensors it passed.
      expect(
        tensorsOf(bad).every((t) => !t.isDisposed),
        what,
      ).toBe(true);
      tf.dispose(tensorsOf(bad));
      expect(tf.memory().numTensors, what).toBe(before);

      const x = Array.from({ length: c.cols }, (_, j) => j - 2);
      const A = TfSparseTensor.fromTensors([c.rows, c.cols], c.format, upload(c.arrays));
      const y = tf.tidy(() => spmv(A, tf.tensor1d(x)));
      expect(Array.from(y.dataSync()), what).toEqual(reference(c.dense, c.rows, c.cols, x));
      tf.dispose([y, ...A.tensors()]);
      expect(tf.memory().numTensors, what).toBe(before);
    }
  });

  it('a kernel run directly on 300 corrupted CSR storages is a typed error, leaving nothing', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    let corruptedRuns = 0;
    for (let seed = 0; corruptedRuns < 300; seed++) {
      const c = randomCase(10_000 + seed);
      if (c.format !== 'CSR') continue;
      corruptedRuns += 1;
      const what = `${c.rows}x${c.cols} ${c.target.kind} ${c.corruption} (seed ${10_000 + seed})`;
      const bad = upload(c.corrupted);
      const x = tf.tensor1d(Array.from({ length: c.cols }, (_, j) => j));
      const before = tf.memory().numTensors;
      const attrs = {
        inputNames: ['A/values', 'A/pos1', 'A/crd1', 'x'],
        formats: '{"A":{"levels":["dense","compressed"],"order":[0,1]}}',
        shapes: { A: [c.rows, c.cols] },
        scalars: {},
        vectorLength: 0,
        enableVLAVectorization: false,
        enableSIMDIndex32: false,
        vscale: 1,
        engine: 'wasm',
      };
      const inputs = [bad.values, bad.positions[1], bad.coordinates[1], x];
      expect(
        () =>
          tf
            .engine()
            .runKernel(
              SparseSpmv,
              inputs as unknown as tf.NamedTensorMap,
              attrs as unknown as tf.NamedAttrMap,
            ),
        what,
      ).toThrow(expect.objectContaining({ argument: expect.stringMatching(/^operands\.A\./) }));
      expect(tf.memory().numTensors, what).toBe(before);
      tf.dispose([...tensorsOf(bad), x]);
    }
  });
});
