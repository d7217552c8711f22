/** The suite's typed arrays for MLIR element types, against the constructors MLIR's types map to. */
import { describe, expect, it } from 'vitest';
import { ConformanceConfigError, toNumbers, typedArrayFor } from '../src/index.js';

const DATA = [-129, -1, 0, 1, 2.5, 255, 70000];

describe('typedArrayFor', () => {
  it.each([
    ['f32', Float32Array],
    ['f64', Float64Array],
    ['i1', Uint8Array],
    ['i8', Int8Array],
    ['i16', Int16Array],
    ['i32', Int32Array],
  ] as const)('%s holds the data as a %o would', (elementType, Ctor) => {
    const array = typedArrayFor(elementType, DATA);
    expect(array).toBeInstanceOf(Ctor);
    expect(toNumbers(array)).toEqual(Array.from(Ctor.from(DATA)));
  });

  it.each(['i64', 'index'])('%s holds 64-bit integers as bigints', (elementType) => {
    const array = typedArrayFor(elementType, [-3, 0, 2 ** 40]);
    expect(array).toBeInstanceOf(BigInt64Array);
    expect(Array.from(array as BigInt64Array)).toEqual([-3n, 0n, 2n ** 40n]);
  });

  it.each(['f16', 'bf16', 'i4', 'constructor', 'toString', ''])(
    'rejects %o naming the argument',
    (elementType) => {
      expect(() => typedArrayFor(elementType, [1])).toThrowError(ConformanceConfigError);
      expect(() => typedArrayFor(elementType, [1])).toThrowError(/elementType/);
    },
  );
});
