/**
 * The marks of an expanded output's workspace (which coordinates of the current row have been
 * touched) as a bitmap: coordinate `j` is bit `j % 32` of the `i32` word `j / 32` of the
 * workspace's `filled` array. Draining a row visits its touched coordinates in increasing order
 * by reading the words two at a time, as one 64-bit word, and taking out their set bits one
 * by one, where testing every coordinate cost `extent` steps, most of them on coordinates
 * never touched.
 *
 * Marking uses 32-bit words (the js engine computes `i32` with plain numbers but `i64` with
 * bigints, and marking runs once per update); draining reads 64 marks at once, since each
 * word drained ends with one loop exit the processor cannot predict (the number of set bits
 * varies), and halving the words halves those.
 *
 * A row that touched few coordinates of a wide workspace is drained through a second bitmap,
 * the summary (after the marks, one bit per 64-bit word of marks): its touched coordinates set
 * their words' summary bits, and the summary, read the same way, leads to the words that hold
 * marks, so the drain reads those words only instead of every word (a row of 100 coordinates
 * among 65536 reads about 100 words, not 1024), in coordinate order, with no sort.
 *
 * The index of a word's lowest set bit needs no count-trailing-zeros op: isolated, it is a
 * power of two, which converts to f64 exactly, and an f64 power of two's exponent field (its
 * bits 52 to 62, less the bias 1023) is that index.
 */
import type { Builder, Value } from '@tilekit/loop-ir';
import { f64, i32, i64, index } from '@tilekit/loop-ir';
import { loadIndex } from './emit-context.js';

/** The f64 exponent field's offset and bias. */
const EXPONENT_SHIFT = 52;
const EXPONENT_BIAS = 1023;

/** Marks per stored word, and per word drained (two stored words). */
const WORD_BITS = 32;
const DRAIN_BITS = 64;

/**
 * The `i32` words a workspace of `extent` coordinates keeps its marks in, then its summary
 * (whole pairs of each).
 */
export function markWordCount(extent: number): number {
  const pairs = Math.ceil(extent / DRAIN_BITS);
  return 2 * pairs + 2 * Math.ceil(pairs / DRAIN_BITS);
}

/** Emits marking, testing and draining of the workspace marks held in `filled`. */
export class WorkspaceMarks {
  private readonly filled: Value;
  private readonly c: (n: number) => Value;

  /**
   * @param filled The workspace's marks array (a `memref<?xi32>`, zero between rows, with
   *   {@link markWordCount} words).
   * @param c The hoisted `index` constant `n`.
   */
  constructor(filled: Value, c: (n: number) => Value) {
    const t = filled.type;
    if (t.kind !== 'memref' || t.element.kind !== 'integer' || t.element.width !== WORD_BITS) {
      throw new TypeError('workspace marks need an i32 memref');
    }
    this.filled = filled;
    this.c = c;
  }

  /** The 64-bit words {@link emitForEachMarked} drains for `extent` coordinates. */
  wordCount(b: Builder, extent: Value): Value {
    return this.pairsOf(b, extent);
  }

  /** 64-bit words holding `bits` bits. */
  private pairsOf(b: Builder, bits: Value): Value {
    return b.binary('arith.shrui', b.addi(bits, this.c(DRAIN_BITS - 1)), this.log2(DRAIN_BITS));
  }

  /** Marks coordinate `j`; returns whether it was unmarked before (an `i1`). */
  emitMark(b: Builder, j: Value): Value {
    const at = b.binary('arith.shrui', j, this.log2(WORD_BITS));
    const bit = b.binary('arith.andi', j, this.c(WORD_BITS - 1));
    const mask = b.binary(
      'arith.shli',
      b.constantInt(1, i32),
      b.cast('arith.index_cast', bit, i32),
    );
    const word = b.load(this.filled, [at]);
    const fresh = b.cmpi('eq', b.binary('arith.andi', word, mask), b.constantInt(0, i32));
    b.store(b.binary('arith.ori', word, mask), this.filled, [at]);
    return fresh;
  }

  /** Clears the word holding `j`'s mark (once every coordinate it marks has been drained). */
  emitClearWordOf(b: Builder, j: Value): void {
    const at = b.binary('arith.shrui', j, this.log2(WORD_BITS));
    b.store(b.constantInt(0, i32), this.filled, [at]);
  }

  /**
   * Visits the marked coordinates below `extent` in increasing order with `body`, which
   * carries `inits` from one to the next, and clears every word it read. Returns the values
   * the last visit carried out.
   */
  emitForEachMarked(
    b: Builder,
    extent: Value,
    inits: readonly Value[],
    body: (b: Builder, j: Value, carried: readonly Value[]) => Value[],
  ): Value[] {
    const c = this.c;
    const loop = b.forOp(c(0), this.wordCount(b, extent), c(1), inits, (fb, wi, ...carried) =>
      this.drainPair(fb, c(0), wi as Value, carried as Value[], body),
    );
    return [...loop.results];
  }

  /**
   * {@link emitForEachMarked} for a row whose `n` touched coordinates are listed in `touched`
   * (a memref of coordinates): through the summary (see the module comment), reading only the
   * words that hold marks; the summary is left clear.
   */
  emitForEachListedMarked(
    b: Builder,
    extent: Value,
    touched: Value,
    n: Value,
    inits: readonly Value[],
    body: (b: Builder, j: Value, carried: readonly Value[]) => Value[],
  ): Value[] {
    const c = this.c;
    const words = this.pairsOf(b, extent);
    // The summary's i32 words follow the marks' (two per 64-bit word).
    const summary = b.binary('arith.shli', words, c(1));
    b.forOp(c(0), n, c(1), [], (fb, t) => {
      const j = loadIndex(fb, touched, t as Value);
      const word = fb.binary('arith.shrui', j, this.log2(DRAIN_BITS));
      const at = fb.addi(summary, fb.binary('arith.shrui', word, this.log2(WORD_BITS)));
      const bit = fb.binary(
        'arith.shli',
        fb.constantInt(1, i32),
        fb.cast('arith.index_cast', fb.binary('arith.andi', word, c(WORD_BITS - 1)), i32),
      );
      fb.store(fb.binary('arith.ori', fb.load(this.filled, [at]), bit), this.filled, [at]);
      return [];
    });
    const loop = b.forOp(c(0), this.pairsOf(b, words), c(1), inits, (fb, si, ...carried) =>
      this.drainPair(fb, summary, si as Value, carried as Value[], (wb, wi, rest) =>
        this.drainPair(wb, c(0), wi, rest as Value[], body),
      ),
    );
    return [...loop.results];
  }

  /**
   * Visits the set bits of the 64-bit word `wi` of the bitmap starting at i32 word `start` of
   * the marks array, lowest first, as `wi * 64 + bit` with `body`, then clears the word.
   */
  private drainPair(
    b: Builder,
    start: Value,
    wi: Value,
    carried: readonly Value[],
    body: (b: Builder, j: Value, carried: readonly Value[]) => Value[],
  ): Value[] {
    const c = this.c;
    const zero = b.constantInt(0, i64);
    const one = b.constantInt(1, i64);
    const base = b.binary('arith.shli', wi, this.log2(DRAIN_BITS));
    const low = b.addi(start, b.binary('arith.shli', wi, c(1)));
    const high = b.addi(low, c(1));
    const wide = (at: Value): Value => b.cast('arith.extui', b.load(this.filled, [at]), i64);
    const word = b.binary(
      'arith.ori',
      wide(low),
      b.binary('arith.shli', wide(high), b.constantInt(WORD_BITS, i64)),
    );
    const bits = b.whileOp(
      [word, ...carried],
      [i64, ...carried.map((v) => v.type)],
      (wb, w, ...rest) => [wb.cmpi('ne', w as Value, zero), w as Value, ...(rest as Value[])],
      (ab, w, ...rest) => {
        // The lowest set bit: `x ^ (x & (x - 1))`.
        const cleared = ab.binary('arith.andi', w as Value, ab.subi(w as Value, one));
        const lowest = ab.binary('arith.xori', w as Value, cleared);
        const j = ab.addi(base, this.indexOfBit(ab, lowest));
        const next = body(ab, j, rest as Value[]);
        return [ab.binary('arith.xori', w as Value, lowest), ...next];
      },
    );
    const cleared = b.constantInt(0, i32);
    b.store(cleared, this.filled, [low]);
    b.store(cleared, this.filled, [high]);
    return bits.results.slice(1);
  }

  /** The index of the one set bit of `power` (an `i64` holding a power of two). */
  private indexOfBit(b: Builder, power: Value): Value {
    const asFloat = b.cast('arith.uitofp', power, f64);
    const exponent = b.binary(
      'arith.shrui',
      b.cast('arith.bitcast', asFloat, i64),
      b.constantInt(EXPONENT_SHIFT, i64),
    );
    const bit = b.subi(exponent, b.constantInt(EXPONENT_BIAS, i64));
    return b.cast('arith.index_cast', bit, index);
  }

  /** `log2(bits)` as an index constant (coordinate to word index). */
  private log2(bits: number): Value {
    return this.c(Math.log2(bits));
  }
}
