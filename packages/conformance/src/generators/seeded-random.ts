/**
 * One seeded stream of uniform numbers (mulberry32): for data that must be the same on every run
 * and every machine but is not a property test (fixtures, benchmark operands, demos). Property
 * tests use the fast-check arbitraries of this package instead, which shrink.
 */
import { refuse } from '../core/arguments.js';

/**
 * A function returning the next number in `[0, 1)` of the stream `seed` names; the same seed always
 * gives the same sequence. `seed` is taken modulo 2^32.
 */
export function seededRandom(seed: number): () => number {
  if (typeof seed !== 'number') refuse('seed', 'a number', seed);
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
