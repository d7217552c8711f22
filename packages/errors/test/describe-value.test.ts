/** `describeValue`: what each kind of value reads as in an error message. */
import { describe, expect, it } from 'vitest';
import { describeValue } from '../src/index.js';

describe('describeValue', () => {
  it('says what each kind of value is, quoting strings and cutting long ones', () => {
    expect(describeValue(null)).toBe('null');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(5)).toBe('5');
    expect(describeValue(-0)).toBe('-0');
    expect(describeValue(Number.NaN)).toBe('NaN');
    expect(describeValue('5')).toBe("'5'");
    expect(describeValue("it's")).toBe("'it\\'s'");
    expect(describeValue('x'.repeat(100))).toBe(`'${'x'.repeat(40)}...'`);
    expect(describeValue(3n)).toBe('3n');
    expect(describeValue(Symbol('s'))).toBe('a symbol');
    expect(describeValue(() => 1)).toBe('a function');
    expect(describeValue([1, 2, 3])).toBe('an array of length 3');
    expect(describeValue(new Float32Array(2))).toBe('a Float32Array');
    expect(describeValue(new Error('x'))).toBe('an Error');
    expect(describeValue({})).toBe('an object');
    expect(describeValue(Object.create(null))).toBe('an object without a prototype');
  });

  it('never throws nor walks the value: throwing Proxies, getters, 2^32 - 1 holes', () => {
    const trap = () => {
      throw new Error('trap');
    };
    const proxy = new Proxy({}, { get: trap, getPrototypeOf: trap, ownKeys: trap, has: trap });
    expect(describeValue(proxy)).toBe('an object that cannot be inspected');
    const getters = Object.defineProperty({}, 'constructor', { get: trap });
    expect(describeValue(getters)).toBe('an object');
    expect(describeValue(new Array(2 ** 32 - 1))).toBe('an array of length 4294967295');
  });

  it('prints a bigint of up to 32 hex digits whole, a larger one by its size (seeded)', () => {
    let seed = 1n;
    const next = () => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      return seed;
    };
    for (let k = 0; k < 200; k++) {
      // Random values of 1 to 80 hex digits, either sign.
      const digits = 1 + Number(next() % 80n);
      let magnitude = 1n + (next() % 15n);
      for (let d = 1; d < digits; d++) magnitude = magnitude * 16n + (next() % 16n);
      const value = next() % 2n === 0n ? magnitude : -magnitude;
      const expected = digits > 32 ? `a bigint of ${digits} hex digits` : `${value}n`;
      expect(describeValue(value), String(value)).toBe(expected);
    }
    // Two million bits, which take seconds to print in decimal.
    expect(describeValue(-(2n ** 2_000_000n))).toBe('a bigint of 500001 hex digits');
  });
});
