/**
 * Moves elements between two typed arrays as raw bits, as fast as plain JavaScript allows.
 *
 * Tiled layouts cut a tensor into runs of a few hundred bytes (a tile row), too short for a
 * native `set` to pay for the view it needs per run (a `subarray` object each, which also keeps
 * the collector busy), so runs move through unrolled loops instead. Where both sides line up on
 * 8 bytes the loop moves 8-byte words through Float64Array views: two float32 (or eight bool)
 * per load/store, which is what brings a tiled relayout near the memcpy floor.
 */

import type { LayoutValues } from './layout-values.js';
import { MOVE_FIELDS, type MovePlan } from './move-plan.js';

/** Integer views over the same bytes, so copies never round-trip through floating point. */
type BitView = Int32Array | Uint8Array;

/** Bytes per wide word. */
const WORD_BYTES = 8;

/**
 * Contiguous runs at least this many bytes long go through the engine's native `set`, whose
 * fixed cost per call (a view object plus the call) is then below the loop's per-word cost.
 */
const NATIVE_COPY_MIN_BYTES = 8192;

/**
 * Whether a Float64Array load/store pair keeps every bit pattern. Engines that NaN-box their
 * values (JavaScriptCore, SpiderMonkey) canonicalise NaNs read from a Float64Array, which would
 * rewrite pairs of float32 whose upper half looks like a signalling NaN; V8 keeps the bits.
 * Probed once with such a pattern; where it fails, every copy takes the 4-byte path.
 */
const FLOAT64_KEEPS_BITS: boolean = (() => {
  const words = new Uint32Array([0x0000_0001, 0x7ff0_0000, 0x89ab_cdef, 0xfff4_5678]);
  const from = new Float64Array(words.buffer);
  const to = new Float64Array(from.length);
  for (let i = 0; i < from.length; i++) to[i] = from[i]!;
  const out = new Uint32Array(to.buffer);
  return out.every((word, i) => word === words[i]);
})();

/** An integer view over `values`' bytes (a float32 array becomes an Int32Array view). */
export function bitView(values: LayoutValues): BitView {
  return values instanceof Float32Array
    ? new Int32Array(values.buffer, values.byteOffset, values.length)
    : values;
}

/** A Float64Array over `values`' whole 8-byte words, or null where they do not line up. */
function wordView(values: BitView): Float64Array | null {
  if (!FLOAT64_KEEPS_BITS || values.byteOffset % WORD_BYTES !== 0) return null;
  return new Float64Array(values.buffer, values.byteOffset, (values.byteLength / WORD_BYTES) >>> 0);
}

/**
 * `to[t + k] = from[f + k]` for k < length over 8-byte words, 8 per step. Only ever called with
 * Float64Array views: V8 compiles one body per function, and a body that has also seen
 * Int32Array or Uint8Array arguments reaches all of them through slower polymorphic code, so
 * element-sized copies go through `copyStrided` instead.
 */
function copyWords(
  to: Float64Array,
  t: number,
  from: Float64Array,
  f: number,
  length: number,
): void {
  const unrolledEnd = t + (length & ~7);
  for (; t < unrolledEnd; t += 8, f += 8) {
    to[t] = from[f]!;
    to[t + 1] = from[f + 1]!;
    to[t + 2] = from[f + 2]!;
    to[t + 3] = from[f + 3]!;
    to[t + 4] = from[f + 4]!;
    to[t + 5] = from[f + 5]!;
    to[t + 6] = from[f + 6]!;
    to[t + 7] = from[f + 7]!;
  }
  for (const end = t + (length & 7); t < end; t++, f++) to[t] = from[f]!;
}

/** `to[t + k * ts] = from[f + k * fs]` for k < length, 4 per step. */
function copyStrided(
  to: BitView,
  t: number,
  ts: number,
  from: BitView,
  f: number,
  fs: number,
  length: number,
): void {
  let k = 0;
  for (; k + 4 <= length; k += 4, t += 4 * ts, f += 4 * fs) {
    to[t] = from[f]!;
    to[t + ts] = from[f + fs]!;
    to[t + 2 * ts] = from[f + 2 * fs]!;
    to[t + 3 * ts] = from[f + 3 * fs]!;
  }
  for (; k < length; k++, t += ts, f += fs) to[t] = from[f]!;
}

/**
 * Two strided copies in lockstep, `to[a + i * ts] = from[c + i * fs]` and
 * `to[b + i * ts] = from[d + i * fs]` for i < length, 4 steps per iteration: a (2,1) block's two
 * rows move together, so the block side is walked front to back.
 */
function copyPairs(
  to: BitView,
  a: number,
  b: number,
  ts: number,
  from: BitView,
  c: number,
  d: number,
  fs: number,
  length: number,
): void {
  let i = 0;
  for (; i + 4 <= length; i += 4, a += 4 * ts, b += 4 * ts, c += 4 * fs, d += 4 * fs) {
    to[a] = from[c]!;
    to[b] = from[d]!;
    to[a + ts] = from[c + fs]!;
    to[b + ts] = from[d + fs]!;
    to[a + 2 * ts] = from[c + 2 * fs]!;
    to[b + 2 * ts] = from[d + 2 * fs]!;
    to[a + 3 * ts] = from[c + 3 * fs]!;
    to[b + 3 * ts] = from[d + 3 * fs]!;
  }
  for (; i < length; i++, a += ts, b += ts, c += fs, d += fs) {
    to[a] = from[c]!;
    to[b] = from[d]!;
  }
}

/**
 * Copies runs of elements from one array into another of the same element type, bit for bit.
 * Built once per kernel call (it holds views over both arrays); `move` is the only operation.
 */
export class ElementMover {
  private readonly to: BitView;
  private readonly from: BitView;
  private readonly toWords: Float64Array | null;
  private readonly fromWords: Float64Array | null;
  /** Elements per 8-byte word (2 for 4-byte data, 8 for bool). */
  private readonly perWord: number;
  /** log2 of `perWord`: element offsets become word offsets by a shift, staying integers. */
  private readonly wordShift: number;
  private readonly nativeMinElements: number;

  constructor(to: LayoutValues, from: LayoutValues) {
    this.to = bitView(to);
    this.from = bitView(from);
    this.toWords = wordView(this.to);
    this.fromWords = wordView(this.from);
    this.perWord = WORD_BYTES / this.to.BYTES_PER_ELEMENT;
    this.wordShift = Math.log2(this.perWord);
    this.nativeMinElements = NATIVE_COPY_MIN_BYTES / this.to.BYTES_PER_ELEMENT;
  }

  /** `to[t + k * toStride] = from[f + k * fromStride]` for k < length. */
  move(t: number, toStride: number, f: number, fromStride: number, length: number): void {
    if (toStride !== 1 || fromStride !== 1) {
      copyStrided(this.to, t, toStride, this.from, f, fromStride, length);
    } else if (length >= this.nativeMinElements) {
      this.to.set(this.from.subarray(f, f + length), t);
    } else {
      this.moveContiguous(t, f, length);
    }
  }

  /**
   * Runs every move of `plan`, in its order. When the plan's moves all line up on words and are
   * shorter than the native threshold (a tiled layout's tile rows), one loop feeds them straight
   * to the word copy: with no per-move checks left, it matches a loop written for one layout.
   */
  movePlanned(plan: MovePlan): void {
    const { moves } = plan;
    const { toWords, fromWords, wordShift } = this;
    if (
      toWords === null ||
      fromWords === null ||
      plan.alignment % this.perWord !== 0 ||
      plan.longest >= this.nativeMinElements
    ) {
      for (let k = 0; k < moves.length; k += MOVE_FIELDS) {
        this.move(moves[k]!, 1, moves[k + 1]!, 1, moves[k + 2]!);
      }
      return;
    }
    for (let k = 0; k < moves.length; k += MOVE_FIELDS) {
      copyWords(
        toWords,
        moves[k]! >> wordShift,
        fromWords,
        moves[k + 1]! >> wordShift,
        moves[k + 2]! >> wordShift,
      );
    }
  }

  /**
   * Interleaves `count` contiguous source runs into one block:
   * `to[t + i * width + j] = from[sources[j] + i]` for i < length, j < count.
   */
  interleave(t: number, width: number, sources: Int32Array, count: number, length: number): void {
    if (count === 2 && width === 2) {
      // The (2,1) minor tile: the block is written front to back, two elements per step.
      copyPairs(this.to, t, t + 1, 2, this.from, sources[0]!, sources[1]!, 1, length);
      return;
    }
    for (let j = 0; j < count; j++) {
      copyStrided(this.to, t + j, width, this.from, sources[j]!, 1, length);
    }
  }

  /**
   * The inverse of `interleave`: splits one block into `count` contiguous target runs,
   * `to[targets[j] + i] = from[f + i * width + j]` for i < length, j < count.
   */
  deinterleave(targets: Int32Array, count: number, f: number, width: number, length: number): void {
    if (count === 2 && width === 2) {
      copyPairs(this.to, targets[0]!, targets[1]!, 1, this.from, f, f + 1, 2, length);
      return;
    }
    for (let j = 0; j < count; j++) {
      copyStrided(this.to, targets[j]!, 1, this.from, f + j, width, length);
    }
  }

  /** A contiguous run: whole words through the Float64 views where both sides line up. */
  private moveContiguous(t: number, f: number, length: number): void {
    const { perWord, wordShift, toWords, fromWords } = this;
    const misaligned = (t ^ f) & (perWord - 1);
    if (toWords === null || fromWords === null || misaligned !== 0) {
      copyStrided(this.to, t, 1, this.from, f, 1, length);
      return;
    }
    // Elements before the first word boundary, then whole words, then the tail. Shifts, not
    // divisions: a division yields a float64 index, and the word loop would then convert
    // every index it computes.
    const head = Math.min(length, -t & (perWord - 1));
    if (head > 0) copyStrided(this.to, t, 1, this.from, f, 1, head);
    const words = (length - head) >> wordShift;
    copyWords(toWords, (t + head) >> wordShift, fromWords, (f + head) >> wordShift, words);
    const done = head + (words << wordShift);
    if (done < length) copyStrided(this.to, t + done, 1, this.from, f + done, 1, length - done);
  }
}
