/** `rowMajorStrides` against the row-major enumeration of random shapes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowMajorStrides } from '../src/index.js';

describe('rowMajorStrides', () => {
  it('numbers every index of random shapes as a row-major walk does', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 5 }), (dims) => {
        const strides = rowMajorStrides(dims);
        expect(strides).toHaveLength(dims.length);
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
        // The outermost stride times its extent covers the array (the size a buffer needs).
        if (dims.length > 0) expect((strides[0] as number) * (dims[0] as number)).toBe(size);
      }),
      { numRuns: 300, seed: 2026 },
    );
  });
});
