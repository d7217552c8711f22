/** Output allocation: zero-filled arrays, and unzeroed ones for outputs written in full. */
import { describe, expect, it } from 'vitest';
import { uninitializedLike, zerosLike } from '../src/impl/output-arrays.js';

const KINDS = [new Float32Array(1), new Int32Array(1), new Uint8Array(1)] as const;

describe('zerosLike', () => {
  for (const like of KINDS) {
    it(`gives a zero-filled ${like.constructor.name}`, () => {
      const array = zerosLike(like, 300);
      expect(array.constructor).toBe(like.constructor);
      expect(array.length).toBe(300);
      expect(array.every((v) => v === 0)).toBe(true);
    });
  }
});

describe('uninitializedLike', () => {
  for (const like of KINDS) {
    it(`gives a ${like.constructor.name} on a buffer of its own, large or small`, () => {
      for (const length of [3, 1 << 20]) {
        const array = uninitializedLike(like, length);
        expect(array.constructor).toBe(like.constructor);
        expect(array.length).toBe(length);
        // Its own whole buffer: nothing shared with other arrays, freed with the tensor, and
        // 8-byte aligned for the word copies.
        expect(array.byteOffset).toBe(0);
        expect(array.buffer.byteLength).toBe(length * like.BYTES_PER_ELEMENT);
      }
    });
  }

  it('zero-fills small arrays, where skipping the fill saves nothing', () => {
    const array = uninitializedLike(new Float32Array(1), 1000);
    expect(array.every((v) => v === 0)).toBe(true);
  });
});
