/** Bit-for-bit comparison of kernel results, for tests of faster paths against the plain one. */
import { expect } from 'vitest';
import { SparseTensor, type ValueArray } from '../../src/index.js';

/** The bytes of an array, so that equal means bit for bit (NaN payloads and -0 included). */
export const bytes = (a: ArrayBufferView | undefined): number[] | undefined =>
  a === undefined ? undefined : Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

/** Expects two kernel results equal bit for bit: same kind, shape, format, array types. */
export function expectSameBits(got: unknown, want: unknown): void {
  if (want instanceof SparseTensor) {
    expect(got).toBeInstanceOf(SparseTensor);
    const g = got as SparseTensor;
    expect(g.shape).toEqual(want.shape);
    expect(g.format).toEqual(want.format);
    for (const key of ['positions', 'coordinates'] as const) {
      expect(g[key].map((a) => a?.constructor.name)).toEqual(
        want[key].map((a) => a?.constructor.name),
      );
      expect(g[key].map(bytes)).toEqual(want[key].map(bytes));
    }
    expect(g.values.constructor).toBe(want.values.constructor);
    expect(bytes(g.values)).toEqual(bytes(want.values));
  } else {
    const w = want as ValueArray;
    expect((got as ValueArray).constructor).toBe(w.constructor);
    expect(bytes(got as ValueArray)).toEqual(bytes(w));
  }
}
