/**
 * Values are converted to the dtype only exactly: a string is not stored as NaN, 1.5 is not
 * truncated to an `int32` 1, a bigint is not silently turned into a float. Each is a
 * `SparseStorageError` naming the argument (`data` of `fromDense`, `values` of
 * `fromCoordinates`) and the index. Seeded: random values of every JavaScript kind against
 * every dtype, accepted exactly when a plain rule says the dtype holds them, and then stored
 * as that rule converts them.
 */

import { thrownBy } from '@tilekit/test-support/thrown-by';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SparseStorageError, SparseTensor, type ValueDType } from '../../src/index.js';
import { VALUE_DTYPES } from '../support/storage-options.js';

/** The plain rule: what `dtype` stores for `v`, or `undefined` when it cannot hold it. */
function stored(v: unknown, dtype: ValueDType): number | bigint | undefined {
  switch (dtype) {
    case 'float32':
      return typeof v === 'number' ? Math.fround(v) : undefined;
    case 'float64':
      return typeof v === 'number' ? v : undefined;
    case 'int32':
      return typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31
        ? v
        : undefined;
    case 'int64':
      if (typeof v === 'bigint') return v >= -(2n ** 63n) && v < 2n ** 63n ? v : undefined;
      return typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : undefined;
  }
}

describe('values are converted to the dtype only exactly', () => {
  it('rejects a string, 1.5 for int32 and bigints for float32, naming the argument', () => {
    expect(() => SparseTensor.fromCoordinates([[0]], ['7' as never], [2], 'sparse-vector')).toThrow(
      /Invalid values at 0: the string '7' is not a number/,
    );
    expect(() =>
      SparseTensor.fromDense([0, 1.5], [2], 'sparse-vector', { dtype: 'int32' }),
    ).toThrow(
      /Invalid data at 1: 1\.5 is not an integer from -2\^31 to 2\^31 - 1 \(dtype 'int32'\)/,
    );
    expect(() =>
      SparseTensor.fromDense(BigInt64Array.from([0n, 3n]), [2], 'sparse-vector', {
        dtype: 'float32',
      }),
    ).toThrow(/Invalid data at 0: 0n is not a number \(bigints need int64\)/);
    expect(() =>
      SparseTensor.fromDense(Float32Array.from([0, 0.5]), [1, 2], 'CSC', { dtype: 'int32' }),
    ).toThrow(/data at 1: 0\.5 is not an integer/);
  });

  it('every kind of value against every dtype: stored as the plain rule says, or rejected (seeded)', () => {
    const anyValue = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.integer({ min: -(2 ** 31) - 2, max: -(2 ** 31) + 2 }),
      fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }),
      fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 2 ** 53 + 2, -0),
      fc.string({ maxLength: 3 }),
      fc.constantFrom(null, undefined, true, {}),
    );
    fc.assert(
      fc.property(
        fc.array(anyValue, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...VALUE_DTYPES),
        (values, dtype) => {
          const want = values.map((v) => stored(v, dtype));
          const coordinates = values.map((_, k) => [k]);
          const build = () =>
            SparseTensor.fromCoordinates(
              coordinates,
              values as never,
              [values.length],
              'sparse-vector',
              {
                dtype,
              },
            );
          const bad = want.indexOf(undefined);
          if (bad >= 0) {
            const error = thrownBy(build);
            expect(error).toBeInstanceOf(SparseStorageError);
            expect((error as SparseStorageError).argument).toBe('values');
            expect((error as SparseStorageError).at).toBe(bad);
            return;
          }
          const t = build();
          expect(t.dtype).toBe(dtype);
          expect(Array.from<number | bigint>(t.values).map(String)).toEqual(want.map(String));
        },
      ),
      { seed: 3408, numRuns: 500 },
    );
  });
});
