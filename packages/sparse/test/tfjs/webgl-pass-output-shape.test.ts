/**
 * The WebGL passes' output texture shape: room for every element, near square, both sides
 * above one whatever the size (tfjs keys compiled programs on sides being one), checked on
 * random sizes up to 2^24 (the largest a float32 texture indexes exactly).
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passOutputShape } from '../../src/tfjs/webgl/pass-output-shape.js';

describe('passOutputShape', () => {
  it('holds every element in less than one spare row, near square, sides above one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 24 }), (size) => {
        const [one, rows, columns] = passOutputShape(size);
        expect(one).toBe(1);
        expect(rows).toBeGreaterThanOrEqual(2);
        expect(columns).toBeGreaterThanOrEqual(2);
        expect(rows * columns).toBeGreaterThanOrEqual(size);
        // Spare texels stay under one row (or the 2x2 minimum).
        expect(rows * columns - size).toBeLessThan(Math.max(columns, 4));
        // Near square: the power-of-two width is under twice the square's side.
        expect(Math.max(rows, columns)).toBeLessThanOrEqual(4 * Math.min(rows, columns));
      }),
      { seed: 23, numRuns: 2000 },
    );
  });

  it('gives a 4096-element output (an spmv result) 64x64 texels, not one row', () => {
    expect(passOutputShape(4096)).toEqual([1, 64, 64]);
    expect(passOutputShape(1)).toEqual([1, 2, 2]);
  });
});
