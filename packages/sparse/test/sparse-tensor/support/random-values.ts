/** Seeded values of a dtype for built test matrices: wide-ranging, of both signs. */
import type { ValueDType } from '../../../src/index.js';

/**
 * `count` values of `dtype` from `random`: int64 as bigints beyond 2^32, int32 over its whole
 * range, floats of magnitudes from 1e-1 to 1e8.
 */
export function randomValues(
  random: () => number,
  count: number,
  dtype: ValueDType,
): (number | bigint)[] {
  const below = (n: number) => Math.floor(random() * n);
  return Array.from({ length: count }, () => {
    if (dtype === 'int64') return BigInt(below(2 ** 40)) - 2n ** 39n;
    if (dtype === 'int32') return below(2 ** 31) - 2 ** 30;
    return (random() - 0.5) * 10 ** below(9);
  });
}
