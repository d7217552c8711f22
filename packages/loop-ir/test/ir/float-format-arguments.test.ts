/**
 * `floatToBits` / `bitsToFloat` at their boundary: for any arguments they give a correct
 * result (bit patterns that round-trip, NaN payloads kept as the formats keep them) or a
 * LoopIrArgumentError naming the argument at fault, never a TypeError or RangeError from inside.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bitsToFloat,
  type FloatFormat,
  floatToBits,
  formatBits,
  roundToFormat,
} from '../../src/index.js';
import { argumentError } from '../support/thrown.js';

const FORMATS: readonly FloatFormat[] = ['f16', 'bf16', 'f32', 'f64'];
const WIDTH: Readonly<Record<FloatFormat, bigint>> = { f16: 16n, bf16: 16n, f32: 32n, f64: 64n };
const isFormat = (f: unknown): f is FloatFormat => (FORMATS as readonly unknown[]).includes(f);

/** Anything, or something close to valid: a format's name, its neighbours, a bit pattern. */
const junk = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withNullPrototype: true,
  withSparseArray: true,
  withTypedArray: true,
});
const formatArg = fc.oneof(
  fc.constantFrom<unknown>(...FORMATS),
  fc.constantFrom<unknown>('F32', 'f8', 'i32', 'f32 ', '', 'float', 32, Symbol('f32')),
  junk,
);
/** f64 values with every NaN payload among them. */
const doubleWithPayloads = fc.oneof(
  fc.double(),
  fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map((b) => bitsToFloat(b, 'f64')),
);
const xArg = fc.oneof(doubleWithPayloads, fc.bigInt(), junk);
const bitsArg = fc.oneof(
  fc.bigInt({ min: 0n, max: (1n << 16n) - 1n }),
  fc.bigInt({ min: 0n, max: (1n << 32n) - 1n }),
  fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
  fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }),
  fc.constantFrom<unknown>(-1n, 1n << 16n, 1n << 32n, 1n << 64n, 1, 0x7fc00000, Number.NaN),
  junk,
);

describe('floatToBits', () => {
  it('gives a bit pattern that round-trips, or a LoopIrArgumentError, for any arguments', () => {
    fc.assert(
      fc.property(xArg, formatArg, (x, format) => {
        if (typeof x !== 'number' || !isFormat(format)) {
          const error = argumentError(() => floatToBits(x as number, format as FloatFormat));
          expect(error.argument).toBe(typeof x !== 'number' ? 'x' : 'format');
          return;
        }
        const bits = floatToBits(x, format);
        expect(typeof bits).toBe('bigint');
        expect(bits >= 0n && bits < 1n << WIDTH[format]).toBe(true);
        const back = bitsToFloat(bits, format);
        if (Number.isNaN(x)) {
          expect(Number.isNaN(back)).toBe(true);
          // f64 keeps every bit, f32 its 23 payload bits; f16 and bf16 have one NaN.
          expect(floatToBits(back, format)).toBe(bits);
          if (format === 'f64') expect(bits).toBe(floatToBits(x, 'f64'));
        } else {
          expect(Object.is(back, roundToFormat(x, format))).toBe(true);
        }
      }),
      { seed: 42, numRuns: 5000 },
    );
  });

  it('names what was wrong', () => {
    const error = argumentError(() => floatToBits(1n as never, 'f32'));
    expect(error.argument).toBe('x');
    expect(error.message).toBe('Invalid x: expected a number, got 1n');
    expect(argumentError(() => floatToBits(1, 'f8' as never)).message).toBe(
      "Invalid format: expected a float format ('f16', 'bf16', 'f32' or 'f64'), got 'f8'",
    );
  });
});

describe('bitsToFloat', () => {
  it('decodes any bit pattern of the format exactly, else a LoopIrArgumentError', () => {
    fc.assert(
      fc.property(bitsArg, formatArg, (bits, format) => {
        const inRange =
          typeof bits === 'bigint' && isFormat(format) && bits >= 0n && bits < 1n << WIDTH[format];
        if (!inRange) {
          const error = argumentError(() => bitsToFloat(bits as bigint, format as FloatFormat));
          const formatAtFault = typeof bits === 'bigint' && !isFormat(format);
          expect(error.argument).toBe(formatAtFault ? 'format' : 'bits');
          return;
        }
        const value = bitsToFloat(bits, format);
        expect(typeof value).toBe('number');
        const narrowNaN = Number.isNaN(value) && (format === 'f16' || format === 'bf16');
        // Bit-exact, NaN payloads included, except that f16 and bf16 have one NaN.
        expect(floatToBits(value, format)).toBe(narrowNaN ? floatToBits(Number.NaN, format) : bits);
      }),
      { seed: 42, numRuns: 5000 },
    );
  });

  it('names what was wrong', () => {
    const error = argumentError(() => bitsToFloat(1 as never, 'f32'));
    expect(error.argument).toBe('bits');
    expect(error.message).toBe('Invalid bits: expected a bigint, got 1');
    expect(argumentError(() => bitsToFloat(-1n, 'f32')).message).toBe(
      'Invalid bits: expected a bit pattern of f32 (a bigint from 0n to 4294967295n), got -1n',
    );
    expect(argumentError(() => bitsToFloat(1n << 64n, 'f64')).argument).toBe('bits');
    expect(argumentError(() => bitsToFloat(0x10000n, 'f16')).argument).toBe('bits');
    expect(argumentError(() => bitsToFloat(0x10000n, 'bf16')).argument).toBe('bits');
    expect(argumentError(() => bitsToFloat(0n, 'i32' as never)).argument).toBe('format');
  });
});

describe('formatBits', () => {
  it('gives the width of each format and refuses anything else', () => {
    expect(FORMATS.map(formatBits)).toEqual([16, 16, 32, 64]);
    fc.assert(
      fc.property(formatArg, (format) => {
        if (isFormat(format)) expect(BigInt(formatBits(format))).toBe(WIDTH[format]);
        else expect(argumentError(() => formatBits(format as never)).argument).toBe('format');
      }),
      { seed: 42, numRuns: 1000 },
    );
  });
});
