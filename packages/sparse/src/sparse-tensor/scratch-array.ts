/**
 * Scratch arrays that never leave the call that fills them, kept between calls. Fresh memory
 * costs a page fault at the first write to each page (V8 frees an array's memory only when it
 * collects it, so a run of calls keeps landing on pages the system has not handed out yet),
 * which for a conversion that writes a scratch array once is a large part of its time. Up to
 * {@link KEPT_SCRATCH_LENGTH} entries one array per use is kept and handed out again; a longer
 * request gets a fresh array, so no use holds more than 4 MiB.
 */
import type { ValueArray } from './storage-arrays.js';

/** The longest scratch array kept between calls (4 MiB of 32-bit entries). */
export const KEPT_SCRATCH_LENGTH = 1 << 20;

/**
 * A source of scratch arrays for one use: each call returns an array at least `length` long
 * whose contents are whatever the last call left (the caller writes before it reads). The one
 * array it returns stays valid until its next call.
 */
export function scratchArrays(): (length: number) => Uint32Array {
  let kept = new Uint32Array(0);
  return (length) => {
    if (length > KEPT_SCRATCH_LENGTH) return new Uint32Array(length);
    if (kept.length < length) {
      kept = new Uint32Array(Math.min(KEPT_SCRATCH_LENGTH, Math.max(length, 2 * kept.length)));
    }
    return kept;
  };
}

/**
 * A scratch array of `like`'s type, `length` long, over one of `scratch` (see
 * {@link scratchArrays}): its entries are whatever the last use left.
 */
export function scratchLike<T extends Uint32Array | ValueArray>(
  like: T,
  length: number,
  scratch: (length: number) => Uint32Array,
): T {
  const kept = scratch((length * like.BYTES_PER_ELEMENT) / 4);
  type OverBuffer = new (buffer: ArrayBuffer, byteOffset: number, length: number) => T;
  return new (like.constructor as OverBuffer)(kept.buffer as ArrayBuffer, 0, length);
}
