/**
 * `unrelayout` with a bare layout and the logical dimensions (the form `relayout` takes), on
 * random shapes, layouts and dtypes: the same tensor as with the whole shape text, and the
 * inputs `relayout` started from.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KernelArgumentError, unrelayout } from '../src/index.js';
import { expectOpError } from './support/errors.js';
import { caseShape } from './support/layout-arbitraries.js';
import { relayoutedCaseProperty } from './support/relayouted-cases.js';
import { tf } from './support/tf.js';

const read = (t: tf.Tensor) => Array.from(t.dataSync());

describe('unrelayout(buffer, bareLayout, dims)', () => {
  it('equals unrelayout with the whole shape, and gives back relayout input', () => {
    fc.assert(
      relayoutedCaseProperty((c, x, buffer) => {
        const fromLayout = unrelayout(buffer, c.layout, x.shape);
        const fromShape = unrelayout(buffer, caseShape(c, c.layout), x.shape);
        expect(fromLayout.shape).toEqual(c.dims);
        expect(fromLayout.dtype).toBe(c.dtype);
        expect(read(fromLayout)).toEqual(c.values);
        expect(read(fromShape)).toEqual(c.values);
        return [fromLayout, fromShape];
      }),
      { seed: 8, numRuns: 150 },
    );
  });

  it('a bare layout without dims, or dims the shape contradicts, is a typed error naming dims', () => {
    const buffer = tf.zeros([12], 'int32');
    const missing = expectOpError(() => unrelayout(buffer, '{1,0:T(2,2)}'), KernelArgumentError);
    expect(missing.argument).toBe('dims');
    expect(missing.message).toContain("unrelayout(buffer, '{1,0:T(2,2)}', [rows, cols])");
    const contradicting = expectOpError(
      () => unrelayout(buffer, 's32[3,4]{1,0}', [4, 3]),
      KernelArgumentError,
    );
    expect(contradicting.argument).toBe('dims');
    for (const junk of [[-1, 12], [1.5, 8], ['3', 4], 12, null, [Number.NaN]]) {
      const bad = expectOpError(
        () => unrelayout(buffer, '{1,0}', junk as unknown as number[]),
        KernelArgumentError,
      );
      expect(bad.argument).toBe('dims');
    }
    // The right dims but too few elements: the buffer argument is named, as before.
    const short = expectOpError(
      () => unrelayout(buffer, '{1,0:T(4,4)}', [3, 4]),
      KernelArgumentError,
    );
    expect(short.argument).toBe('buffer');
    buffer.dispose();
  });
});
