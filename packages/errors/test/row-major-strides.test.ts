/**
 * `rowMajorStrides` against the row-major enumeration of random shapes, and its argument
 * checks (a typed error naming the bad dimension).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTilekitError, rowMajorStrides, TilekitArgumentError } from '../src/index.js';

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

describe('rowMajorStrides arguments', () => {
  it.each([
    ['null', null, 'dims'],
    ["'2,3'", '2,3', 'dims'],
    ['[2, -1]', [2, -1], 'dims[1]'],
    ['[2.5]', [2.5], 'dims[0]'],
    ['[NaN]', [Number.NaN], 'dims[0]'],
    ['[2^53]', [2 ** 53], 'dims[0]'],
    ['2^32 - 1 holes', 'holes', 'dims[0]'],
  ])('%s is a TilekitArgumentError naming %s', (_, dims, argument) => {
    // Made here: vitest would print a 2^32 - 1 element array into the test's name.
    const value = dims === 'holes' ? new Array(2 ** 32 - 1) : dims;
    let thrown: unknown;
    try {
      rowMajorStrides(value as number[]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TilekitArgumentError);
    expect(isTilekitError(thrown)).toBe(true);
    expect((thrown as TilekitArgumentError).argument).toBe(argument);
    expect((thrown as TilekitArgumentError).expected).toBe('an array of non-negative integers');
    expect((thrown as TilekitArgumentError).code).toBe('tilekit-argument');
  });
});
