/**
 * f16/bf16 rounding and bit conversion against an exhaustive, independently decoded table of
 * every 16-bit pattern; f32 against Math.fround.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsToFloat, floatToBits, roundToFormat } from '../../src/index.js';

/** Decodes a 16-bit pattern with `e` exponent bits from the IEEE formula, written out. */
function decode(bits: number, e: number): number {
  const m = 15 - e;
  const bias = 2 ** (e - 1) - 1;
  const sign = bits >> 15 ? -1 : 1;
  const exp = (bits >> m) & (2 ** e - 1);
  const frac = bits & (2 ** m - 1);
  if (exp === 2 ** e - 1) return frac === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
  if (exp === 0) return sign * frac * 2 ** (1 - bias - m);
  return sign * (1 + frac / 2 ** m) * 2 ** (exp - bias);
}

const FORMATS = { f16: 5, bf16: 8 } as const;

/** All finite non-negative values of a format, ascending, with their bit patterns. */
function table(e: number): { value: number; bits: number }[] {
  const out: { value: number; bits: number }[] = [];
  for (let bits = 0; bits < 0x8000; bits++) {
    const value = decode(bits, e);
    if (Number.isFinite(value)) out.push({ value, bits });
  }
  return out;
}

/** Nearest table entry, ties to the even bit pattern; past the largest half-ulp: infinity. */
function referenceRound(x: number, entries: { value: number; bits: number }[]): number {
  const a = Math.abs(x);
  const last = entries[entries.length - 1] as { value: number; bits: number };
  const prev = entries[entries.length - 2] as { value: number; bits: number };
  let result: number;
  if (a >= last.value + (last.value - prev.value) / 2) result = Number.POSITIVE_INFINITY;
  else {
    let lo = 0;
    let hi = entries.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((entries[mid] as { value: number }).value <= a) lo = mid;
      else hi = mid;
    }
    const below = entries[lo] as { value: number; bits: number };
    const above = entries[hi] as { value: number; bits: number };
    const dl = a - below.value;
    const dh = above.value - a;
    result =
      dl < dh
        ? below.value
        : dh < dl
          ? above.value
          : below.bits % 2 === 0
            ? below.value
            : above.value;
    if (a <= below.value) result = below.value;
  }
  return x < 0 || Object.is(x, -0) ? -result : result;
}

describe.each(Object.entries(FORMATS))('%s', (format, e) => {
  const entries = table(e);
  const fmt = format as 'f16' | 'bf16';
  const maxFinite = (entries[entries.length - 1] as { value: number }).value;

  it('decodes and encodes every bit pattern like the IEEE formula', () => {
    for (let bits = 0; bits < 0x10000; bits++) {
      const expected = decode(bits, e);
      const got = bitsToFloat(BigInt(bits), fmt);
      if (Number.isNaN(expected)) {
        expect(Number.isNaN(got)).toBe(true);
        continue;
      }
      expect(Object.is(got, expected)).toBe(true);
      expect(floatToBits(got, fmt)).toBe(BigInt(bits));
    }
  });

  it('rounds doubles to the nearest value, ties to even', () => {
    const near = fc.double({ min: -maxFinite * 1.01, max: maxFinite * 1.01, noNaN: true });
    const tiny = fc.double({ min: -1e-4, max: 1e-4, noNaN: true });
    const ties = fc.integer({ min: 0, max: entries.length - 2 }).map((i) => {
      const a = entries[i] as { value: number };
      const b = entries[i + 1] as { value: number };
      return (a.value + b.value) / 2;
    });
    fc.assert(
      fc.property(fc.oneof(near, tiny, ties), (x) => {
        expect(roundToFormat(x, fmt)).toBe(referenceRound(x, entries));
      }),
      { seed: 42, numRuns: 3000 },
    );
  });
});

describe('f32', () => {
  it('matches Math.fround', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => {
        expect(roundToFormat(x, 'f32')).toBe(Math.fround(x));
        expect(bitsToFloat(floatToBits(x, 'f32'), 'f32')).toBe(Math.fround(x));
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});
