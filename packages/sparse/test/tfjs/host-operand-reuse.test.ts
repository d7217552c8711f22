/**
 * A host `SparseTensor` given to a tfjs op is uploaded on every call, but its int32 storage is
 * made once and shared by every upload (the storage never changes), and marked immutable, so
 * the wasm engine keeps it in its memory between calls. The class test: random sequences of
 * `spmv` calls on the cpu backend mixing several host tensors (same shapes and formats, so the
 * same compiled kernel and argument slots), their uploaded `TfSparseTensor`s and fresh tensors
 * of the same data, each result against a plain CSR loop — a stale array kept in the engine's
 * memory would give another tensor's product.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { isMarkedImmutable } from '@tilekit/loop-engines';
import * as fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SparseTensor } from '../../src/index.js';
import '../../src/tfjs/register-cpu.js';
import { spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import { randomDense } from '../sparsify/fixtures.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const ROWS = 12;
const COLS = 9;

/** y = A x over A's CSR storage, rounded to f32 per step as the f32 kernel accumulates. */
function referenceSpmv(a: SparseTensor, x: Float32Array): number[] {
  const [pos, crd] = [a.positions[1], a.coordinates[1]] as [ArrayLike<number>, ArrayLike<number>];
  const values = a.values as Float32Array;
  return Array.from({ length: ROWS }, (_, i) => {
    let sum = 0;
    for (let p = pos[i] as number; p < (pos[i + 1] as number); p++)
      sum = Math.fround(sum + Math.fround((values[p] as number) * (x[crd[p] as number] as number)));
    return sum;
  });
}

const hostTensor = (seed: number) =>
  SparseTensor.fromDense(
    Float32Array.from(randomDense([ROWS, COLS], { density: 0.4, seed, profile: 'quarters' })),
    [ROWS, COLS],
    'CSR',
    { dtype: 'float32' },
  );

describe('host SparseTensor operands of tfjs ops', () => {
  it('every upload shares one int32 copy of each storage array, marked immutable', () => {
    const host = hostTensor(1);
    const [first, second] = [
      TfSparseTensor.fromSparseTensor(host),
      TfSparseTensor.fromSparseTensor(host),
    ];
    for (const level of [0, 1]) {
      const a = first.positions[level]?.dataSync();
      const b = second.positions[level]?.dataSync();
      expect(a).toBe(b);
      if (a !== undefined) {
        expect(isMarkedImmutable(a as Int32Array)).toBe(true);
        expect(Array.from(a)).toEqual(Array.from(host.positions[level] as ArrayLike<number>));
      }
    }
    expect(first.coordinates[1]?.dataSync()).toBe(second.coordinates[1]?.dataSync());
    expect(isMarkedImmutable(host.values as Float32Array)).toBe(true);
    first.dispose();
    second.dispose();
  });

  it('random call sequences over several tensors give each tensor its own product', () => {
    const hosts = [hostTensor(11), hostTensor(12), hostTensor(13)];
    const uploaded = hosts.map((h) => TfSparseTensor.fromSparseTensor(h));
    const x = Float32Array.from(randomDense([COLS], { density: 1, seed: 5, profile: 'quarters' }));
    const xt = tf.tensor1d(x);
    const before = tf.memory().numTensors;
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom('host', 'uploaded', 'fresh')),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (calls) => {
          for (const [k, how] of calls) {
            const host = hosts[k] as SparseTensor;
            // A fresh tensor of the same data: new arrays, so nothing may be taken as resident.
            const operand =
              how === 'host'
                ? host
                : how === 'uploaded'
                  ? (uploaded[k] as TfSparseTensor)
                  : SparseTensor.fromDense(host.toDense(), [ROWS, COLS], 'CSR', {
                      dtype: 'float32',
                    });
            const y = tf.tidy(() => Array.from(spmv(operand, xt).dataSync()));
            expect(y).toEqual(referenceSpmv(host, x));
          }
        },
      ),
      { seed: 2026, numRuns: 60 },
    );
    expect(tf.memory().numTensors).toBe(before);
    for (const u of uploaded) u.dispose();
    xt.dispose();
  });
});
