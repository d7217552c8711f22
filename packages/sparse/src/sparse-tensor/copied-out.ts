/**
 * Results computed in scratch arrays kept between calls (scratch-array.ts), handed out as
 * fresh arrays of their exact length. A scatter's random writes into fresh, zero-filled memory
 * cost far more than into warm scratch: the allocator zeroes memory the cache no longer holds
 * and every written line is fetched again. Written in order by one native copy instead, the
 * fresh array costs its copy; on Node one of 64 KiB or more is also not zero-filled first
 * (`Buffer.allocUnsafeSlow`, a buffer of its own: the whole array is then copied over).
 */
import type { ValueArray } from './storage-arrays.js';

/** A typed array as this module copies them. */
type Copyable = Uint32Array | ValueArray;

/** A typed-array constructor over a buffer. */
type OverBuffer<T> = new (buffer: ArrayBuffer, byteOffset: number, length: number) => T;

/** Node's `Buffer.allocUnsafeSlow`: a buffer of its own, its bytes not zeroed (absent in browsers). */
const allocateUnfilled = (globalThis as { Buffer?: { allocUnsafeSlow?(size: number): Uint8Array } })
  .Buffer?.allocUnsafeSlow;

/** Arrays of at least this many bytes skip the zero fill where the platform allows it. */
const UNFILLED_MIN_BYTES = 1 << 16;

/** A fresh array of `array`'s type holding its first `length` entries. */
export function copiedOut<T extends Copyable>(array: T, length: number): T {
  const bytes = length * array.BYTES_PER_ELEMENT;
  if (bytes < UNFILLED_MIN_BYTES || allocateUnfilled === undefined) {
    return array.slice(0, length) as T;
  }
  const unfilled = allocateUnfilled(bytes);
  // A bundler's Buffer stand-in might hand out a slice of a shared pool: copy as a slice then.
  if (unfilled.byteOffset !== 0 || unfilled.buffer.byteLength !== bytes) {
    return array.slice(0, length) as T;
  }
  const type = array.constructor as OverBuffer<T>;
  const out = new type(unfilled.buffer as ArrayBuffer, 0, length);
  (out as Uint32Array).set(array.subarray(0, length) as Uint32Array);
  return out;
}

/**
 * A scratch array of `like`'s type, `length` long, over `scratch` (a source of 32-bit scratch
 * arrays): its entries are whatever the last use left.
 */
export function scratchLike<T extends Copyable>(
  like: T,
  length: number,
  scratch: (length: number) => Uint32Array,
): T {
  const words = (length * like.BYTES_PER_ELEMENT) / 4;
  const kept = scratch(words);
  return new (like.constructor as OverBuffer<T>)(kept.buffer as ArrayBuffer, 0, length);
}
