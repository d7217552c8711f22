/**
 * Value dtypes of `SparseTensor`: int64 is stored in a `BigInt64Array` (MLIR's `i64` values)
 * and runs in `valueType: 'i64'` kernels on every engine; anything else is a typed error
 * before any storage is built.
 */
import { compile } from '@tilekit/loop-engines';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindArguments, SparseFormatError, SparseTensor, sparsify } from '../../src/index.js';

const SEED = 42;

describe('SparseTensor dtype', () => {
  it('stores int64 values as a BigInt64Array, exact beyond 2^53', () => {
    const t = SparseTensor.fromDense(new BigInt64Array([0n, 2n ** 60n, 0n, -7n]), [2, 2], 'CSR');
    expect(t.dtype).toBe('int64');
    expect(t.values).toBeInstanceOf(BigInt64Array);
    expect(Array.from<number | bigint>(t.values)).toEqual([2n ** 60n, -7n]);
    expect(t.nnz).toBe(2);
    expect(Array.from<number | bigint>(t.toDense())).toEqual([0n, 2n ** 60n, 0n, -7n]);
    const fromNumbers = SparseTensor.fromDense([0, 3, 0, 4], [2, 2], 'COO', { dtype: 'int64' });
    expect(Array.from<number | bigint>(fromNumbers.values)).toEqual([3n, 4n]);
  });

  it('rejects unknown dtypes and values int64 cannot hold, naming the argument', () => {
    for (const dtype of ['bool', 42, 'Float32', null, {}]) {
      expect(() =>
        SparseTensor.fromDense([1, 0], [2], 'sparse-vector', { dtype: dtype as never }),
      ).toThrow(SparseFormatError);
      expect(() =>
        SparseTensor.fromDense([1, 0], [2], 'sparse-vector', { dtype: dtype as never }),
      ).toThrow(/options\.dtype: must be one of float32, float64, int32, int64/);
    }
    expect(() => SparseTensor.fromDense([1.5], [1], 'sparse-vector', { dtype: 'int64' })).toThrow(
      /data at 0: 1\.5 is not an integer/,
    );
  });

  it('any dtype string: a valid one stores, any other is a SparseFormatError (randomized)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom('float32', 'float64', 'int32', 'int64'), fc.string()),
        fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 1, maxLength: 12 }),
        (dtype, data) => {
          const make = () =>
            SparseTensor.fromDense(data, [data.length], 'sparse-vector', { dtype: dtype as never });
          if (!['float32', 'float64', 'int32', 'int64'].includes(dtype)) {
            expect(make).toThrow(SparseFormatError);
            return;
          }
          const t = make();
          expect(t.dtype).toBe(dtype);
          expect(Array.from(t.toDense() as ArrayLike<number | bigint>, Number)).toEqual(
            data.map((x) => x + 0),
          );
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('int64 kernels compute exactly on every engine (randomized against a BigInt loop)', () => {
    const kernel = sparsify('y(i) = A(i,j) * x(j) + i', { A: 'CSR' }, { valueType: 'i64' });
    const runs = (['interpreter', 'js', 'wasm'] as const).map((engine) =>
      compile(kernel.module, kernel.functionName, { engine }),
    );
    const big = fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.infiniteStream(fc.tuple(fc.boolean(), big)),
        (rows, cols, entries) => {
          const it = entries[Symbol.iterator]();
          const dense = BigInt64Array.from({ length: rows * cols }, () => {
            const [keep, v] = it.next().value as [boolean, bigint];
            return keep ? v : 0n;
          });
          const x = BigInt64Array.from(
            { length: cols },
            () => (it.next().value as [boolean, bigint])[1] % 1000n,
          );
          const A = SparseTensor.fromDense(dense, [rows, cols], 'CSR');
          const expected = Array.from({ length: rows }, (_, i) => {
            let s = 0n;
            for (let j = 0; j < cols; j++) s += (dense[i * cols + j] as bigint) * (x[j] as bigint);
            return BigInt.asIntN(64, s + BigInt(i));
          });
          for (const run of runs) {
            const call = bindArguments(kernel, { A, x: { data: x, shape: [cols] } });
            run(...call.args);
            expect(Array.from(call.output as BigInt64Array)).toEqual(expected);
          }
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
  });
});
