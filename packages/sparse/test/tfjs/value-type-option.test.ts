/**
 * The tfjs ops compute in their operands' dtype (float32 or int32): a `valueType` option that
 * says otherwise (another one, or f64 / i64, which no tfjs tensor holds) is a SparsifyError
 * naming `options.valueType`, leaving no tensor behind, where it was ignored (an `i64` kernel
 * over int32 tensors wrapped in 32 bits).
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SparseTensor, SparsifyError } from '../../src/index.js';
import { sparseOp, spmv } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import { thrownLeavingNoTensor } from './support/thrown-leaving-no-tensor.js';

tf.env().set('IS_TEST', true);

const VALUE_TYPES = ['f32', 'i32', 'f64', 'i64'] as const;
const OWN = { float32: 'f32', int32: 'i32' } as const;

describe('the tfjs ops’ valueType option', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  for (const dtype of ['float32', 'int32'] as const) {
    for (const valueType of VALUE_TYPES) {
      it(`${dtype} operands with valueType ${valueType}`, () => {
        const A = SparseTensor.fromDense(new Float32Array([1, 0, 2, 0, 3, 0]), [2, 3], 'CSR', {
          dtype,
        });
        const x = tf.tensor1d([1, 2, 3], dtype);
        const calls = [
          () => spmv(A, x, { valueType }),
          () => sparseOp('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType })(A, x),
        ];
        for (const call of calls) {
          if (valueType === OWN[dtype]) {
            const y = call();
            expect(y.dtype).toBe(dtype);
            expect(Array.from(y.dataSync())).toEqual([1 + 2 * 3, 3 * 2]);
            y.dispose();
            continue;
          }
          const error = thrownLeavingNoTensor(call, `${dtype}, ${valueType}`);
          expect(error).toBeInstanceOf(SparsifyError);
          expect((error as SparsifyError).argument).toBe('options.valueType');
        }
        x.dispose();
      });
    }
  }
});
