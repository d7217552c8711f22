/**
 * `ElementMover` against a plain element loop: bit-exact on every alignment, parity, stride and
 * length (the 8-byte word path, the unrolled 4-byte path, the native path and the interleaves).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ElementMover } from '../src/relayout/element-mover.js';
import { movePlan } from '../src/relayout/move-plan.js';
import type { PhysicalRuns } from '../src/relayout/physical-runs.js';
import { identityRuns } from '../src/relayout/run-copy.js';

/** Raw bits of a float32/int32/bool array, for exact comparison. */
const bitsOf = (a: Float32Array | Int32Array | Uint8Array) =>
  Array.from(a instanceof Uint8Array ? a : new Int32Array(a.buffer, a.byteOffset, a.length));

/**
 * Float32 words whose pairs, read as one float64, are signalling NaNs and other patterns an
 * engine could canonicalise, plus -0, ±Inf and float32 NaN payloads.
 */
const trickyWords = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  fc.constantFrom(0x7ff0_0000, 0x7ff4_5678, 0xfff0_0001 | 0, 0x7fc0_0001, 0x8000_0000 | 0, 1),
);

/** A Float32Array view at element offset `offset` into a larger buffer (so byteOffset varies). */
function float32At(words: number[], offset: number): Float32Array {
  const backing = new Int32Array(words.length + offset + 1);
  backing.set(words, offset);
  return new Float32Array(backing.buffer, offset * 4, words.length);
}

describe('ElementMover.move', () => {
  it('copies contiguous and strided runs bit-exactly at every byte offset and parity', () => {
    fc.assert(
      fc.property(
        fc.array(trickyWords, { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        fc.nat(),
        (words, fromOffset, toOffset, toStride, fromStride, a, b) => {
          const from = float32At(words, fromOffset);
          const to = float32At(new Array(words.length * 3).fill(0x1234), toOffset);
          const f = a % from.length;
          const length = Math.floor((from.length - 1 - f) / fromStride) + 1;
          const maxT = to.length - 1 - (length - 1) * toStride;
          const t = b % (maxT + 1);
          const expected = bitsOf(to);
          for (let k = 0; k < length; k++)
            expected[t + k * toStride] = bitsOf(from)[f + k * fromStride]!;
          new ElementMover(to, from).move(t, toStride, f, fromStride, length);
          expect(bitsOf(to)).toEqual(expected);
        },
      ),
      { seed: 7, numRuns: 400 },
    );
  });

  it('keeps the bits once the copy loops are optimised (hot calls, signalling-NaN pairs)', () => {
    // Every other word is the upper half of a float64 signalling NaN: a canonicalising copy
    // would set its quiet bit (0x0008_0000).
    const words = Array.from({ length: 4096 }, (_, i) => (i % 2 === 1 ? 0x7ff0_0000 + i : i));
    const from = new Float32Array(Int32Array.from(words).buffer);
    for (let call = 0; call < 200; call++) {
      const to = new Float32Array(words.length);
      const mover = new ElementMover(to, from);
      for (let run = 0; run < words.length; run += 128) mover.move(run, 1, run, 1, 128);
      if (call % 50 === 49) expect(bitsOf(to)).toEqual(words);
    }
  });

  it('moves bool bytes (eight per word) and takes the native path for long runs', () => {
    const from = Uint8Array.from({ length: 20000 }, (_, i) => (i * 7) % 2);
    const to = new Uint8Array(20003);
    new ElementMover(to, from).move(3, 1, 0, 1, 20000);
    expect(Array.from(to.subarray(3))).toEqual(Array.from(from));
    expect(Array.from(to.subarray(0, 3))).toEqual([0, 0, 0]);
    const ints = Int32Array.from({ length: 9000 }, (_, i) => i - 4500);
    const intsTo = new Int32Array(9000);
    new ElementMover(intsTo, ints).move(0, 1, 0, 1, 9000);
    expect(Array.from(intsTo)).toEqual(Array.from(ints));
  });
});

describe('ElementMover.interleave / deinterleave', () => {
  it('interleaves runs into one block and splits it back, for 1 to 4 runs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.nat(2),
        fc.nat(21),
        fc.nat(5),
        (count, extraWidth, length, t) => {
          const width = count + extraWidth;
          const logical = Int32Array.from({ length: count * length }, (_, i) => i * 31 + 5);
          const sources = Int32Array.from({ length: count }, (_, j) => j * length);
          const physical = new Int32Array(t + width * length + 1).fill(-1);
          new ElementMover(physical, logical).interleave(t, width, sources, count, length);
          const expected = new Array(physical.length).fill(-1);
          for (let i = 0; i < length; i++)
            for (let j = 0; j < count; j++) expected[t + i * width + j] = logical[j * length + i];
          expect(Array.from(physical)).toEqual(expected);

          const back = new Int32Array(logical.length);
          new ElementMover(back, physical).deinterleave(sources, count, t, width, length);
          expect(Array.from(back)).toEqual(Array.from(logical));
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});

describe('ElementMover.movePlanned', () => {
  /**
   * A contiguous run table over `lengths`: runs placed in shuffled order with gaps, so physical
   * starts are any parity while logical positions follow the lengths.
   */
  function runTable(lengths: number[], gaps: number[], order: number[]): PhysicalRuns {
    const starts = new Int32Array(lengths.length);
    let p = 0;
    for (const r of order) {
      p += gaps[r]!;
      starts[r] = p;
      p += lengths[r]!;
    }
    const ends = new Int32Array(lengths.length);
    const logicalCount = lengths.reduce((l, n, r) => (ends[r] = l + n), 0);
    return { logicalCount, physicalCount: p, stride: 1, starts, ends, groups: null };
  }

  it('moves every run both ways, bit-exactly, for all three element types and both word alignments', () => {
    // Float32 words that pair into signalling NaNs, at a word-aligned and a misaligned offset.
    const floats = (n: number, offset: number) =>
      float32At(
        Array.from({ length: n }, (_, i) => (i * 0x9e37 + 0x7ff0_0000) | 0),
        offset,
      );
    const kinds = [
      (n: number) => floats(n, 0),
      (n: number) => floats(n, 1),
      (n: number) => Int32Array.from({ length: n }, (_, i) => i * 7 - 99),
      (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 5) % 2),
    ];
    const empty = (like: Float32Array | Int32Array | Uint8Array, n: number) =>
      like instanceof Float32Array
        ? float32At(new Array(n).fill(0x5555), 0)
        : like instanceof Int32Array
          ? new Int32Array(n).fill(-1)
          : new Uint8Array(n).fill(9);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        // Lengths around the word boundaries and past the native threshold (2048 float32).
        fc.array(fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(64, 128, 2100, 9000)), {
          minLength: 1,
          maxLength: 12,
        }),
        // Gaps: any, or all multiples of 8 (so every move lines up on words).
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }),
        fc.boolean(),
        fc.nat(),
        (kind, rawLengths, rawGaps, wordAligned, seed) => {
          const lengths = wordAligned ? rawLengths.map((n) => (n <= 40 ? n * 8 : n)) : rawLengths;
          const gaps = wordAligned ? rawGaps.map((g) => g * 8) : rawGaps;
          const order = lengths
            .map((_, r) => r)
            .sort((a, b) => ((a * 31 + seed) % 13) - ((b * 31 + seed) % 13));
          const runs = runTable(lengths, gaps, order);
          const logical = kinds[kind]!(runs.logicalCount);
          const physical = empty(logical, runs.physicalCount);
          const expected = bitsOf(physical);
          const logicalBits = bitsOf(logical);
          for (let r = 0, l = 0; r < lengths.length; l = runs.ends[r++]!)
            for (let k = 0; k < lengths[r]!; k++)
              expected[runs.starts[r]! + k] = logicalBits[l + k]!;
          const logicalRuns = identityRuns(runs.logicalCount);

          const written = physical.slice();
          new ElementMover(written, logical).movePlanned(movePlan(runs, logicalRuns)!);
          expect(bitsOf(written)).toEqual(expected);

          const back = empty(logical, logical.length);
          new ElementMover(back, written).movePlanned(movePlan(logicalRuns, runs)!);
          expect(bitsOf(back)).toEqual(logicalBits);
        },
      ),
      { seed: 13, numRuns: 300 },
    );
  });
});
