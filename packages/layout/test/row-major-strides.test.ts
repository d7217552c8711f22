/** `rowMajorStrides` against the row-major enumeration of random shapes. */
import { seededRandom } from '@tilekit/conformance';
import { describe, expect, it } from 'vitest';
import { rowMajorStrides } from '../src/index.js';

describe('rowMajorStrides', () => {
  it('numbers every index of 200 random shapes as a row-major walk does', () => {
    for (let n = 0; n < 200; n++) {
      const random = seededRandom(400 + n);
      const dims = Array.from(
        { length: Math.floor(random() * 5) },
        () => Math.floor(random() * 4) + 1,
      );
      const strides = rowMajorStrides(dims);
      const size = dims.reduce((a, b) => a * b, 1);
      // Walk the indices in row-major order (last dimension fastest): offsets count up by one.
      const index = dims.map(() => 0);
      for (let expected = 0; expected < size; expected++) {
        expect(index.reduce((sum, i, d) => sum + i * (strides[d] as number), 0)).toBe(expected);
        for (let d = dims.length - 1; d >= 0; d--) {
          index[d] = (index[d] as number) + 1;
          if ((index[d] as number) < (dims[d] as number)) break;
          index[d] = 0;
        }
      }
    }
  });
});
