/**
 * A dense output longer than one value array can be is a SparsifyError naming `length`, on
 * every path that makes one (a `=` kernel's unfilled output, a `+=` kernel's zeroed one), not
 * a RangeError from the allocator: a matrix stored in a few entries may have 2^31 rows.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  MAX_STORAGE_LENGTH,
  runKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';

describe('dense outputs past MAX_STORAGE_LENGTH', () => {
  it('are a SparsifyError naming length, whatever the shape that makes them (seeded)', () => {
    const random = seededRandom(31);
    for (let run = 0; run < 24; run++) {
      const columns = 1 + Math.floor(random() * 8);
      // Rows from just past the limit (divided among the columns) to 2^32 (32-bit coordinates).
      const least = Math.floor(MAX_STORAGE_LENGTH / columns) + 1;
      const rows = least + Math.floor(random() * (2 ** 32 - least));
      const op = random() < 0.5 ? '=' : '+=';
      const kernel = sparsify(`C(i,k) ${op} A(i,j) * B(j,k)`, { A: 'DCSR' });
      const fn = compile(kernel.module, kernel.functionName, {
        engine: random() < 0.5 ? 'wasm' : 'js',
      });
      const A = SparseTensor.fromCoordinates([[rows - 1, 1]], [2], [rows, 2], 'DCSR');
      const B = { data: new Float32Array(2 * columns).fill(1), shape: [2, columns] };
      let thrown: unknown;
      try {
        runKernel(kernel, fn, { A, B });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, `${rows} x ${columns}, ${op}`).toBeInstanceOf(SparsifyError);
      expect((thrown as SparsifyError).argument).toBe('length');
    }
  });

  it('one within it is made and written', () => {
    const kernel = sparsify('C(i,k) = A(i,j) * B(j,k)', { A: 'DCSR' });
    const fn = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
    const A = SparseTensor.fromCoordinates([[2, 1]], [2], [3, 2], 'DCSR');
    const B = { data: new Float32Array([1, 2, 3, 4]), shape: [2, 2] };
    expect(Array.from(runKernel(kernel, fn, { A, B }) as Float32Array)).toEqual([0, 0, 0, 0, 6, 8]);
  });
});
