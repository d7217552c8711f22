/**
 * The marks of an expanded output's workspace (which coordinates of the current row have been
 * touched) as a bitmap over the words of the workspace's `filled` array: coordinate `j` is bit
 * `j % W` of word `j / W`, `W` the array's element width (32 for `index` words). Draining a row then visits its
 * touched coordinates in increasing order by reading `extent / W` words and taking out their set
 * bits one by one, where testing every coordinate cost `extent` steps, most of them on
 * coordinates never touched.
 *
 * The index of a word's lowest set bit needs no count-trailing-zeros op: isolated, it is a
 * power of two, which converts to f64 exactly, and an f64 power of two's
 * exponent field (its bits 52 to 62, less the bias 1023) is that index.
 */
import type { Builder, IndexType, IntegerType, Value } from '@tilekit/loop-ir';
import { f64, i64, index } from '@tilekit/loop-ir';

/** The f64 exponent field's offset and bias. */
const EXPONENT_SHIFT = 52;
const EXPONENT_BIAS = 1023;

/** Emits marking, testing and draining of the workspace marks held in `filled`. */
export class WorkspaceMarks {
  readonly #filled: Value;
  readonly #word: IntegerType | IndexType;
  readonly #bits: number;
  readonly #c: (n: number) => Value;

  /**
   * @param filled The workspace's marks array (an integer or index memref, zero between rows).
   * @param c The hoisted `index` constant `n`.
   */
  constructor(filled: Value, c: (n: number) => Value) {
    const t = filled.type;
    if (t.kind !== 'memref' || (t.element.kind !== 'integer' && t.element.kind !== 'index')) {
      throw new TypeError('workspace marks need an integer memref');
    }
    this.#filled = filled;
    this.#word = t.element;
    // An `index` word holds 32 marks: the js engine keeps index values as doubles, exact only
    // up to 2^53.
    this.#bits = t.element.kind === 'index' ? 32 : t.element.width;
    this.#c = c;
  }

  /** Words holding the marks of `extent` coordinates. */
  wordCount(b: Builder, extent: Value): Value {
    return b.binary('arith.shrui', b.addi(extent, this.#c(this.#bits - 1)), this.#shift());
  }

  /** Marks coordinate `j`; returns whether it was unmarked before (an `i1`). */
  emitMark(b: Builder, j: Value): Value {
    const at = b.binary('arith.shrui', j, this.#shift());
    const bit = b.binary('arith.andi', j, this.#c(this.#bits - 1));
    const mask = b.binary('arith.shli', this.#wordConstant(b, 1), this.#toWord(b, bit));
    const word = b.load(this.#filled, [at]);
    const fresh = b.cmpi('eq', b.binary('arith.andi', word, mask), this.#wordConstant(b, 0));
    b.store(b.binary('arith.ori', word, mask), this.#filled, [at]);
    return fresh;
  }

  /** Clears the word holding `j`'s mark (once every coordinate it marks has been drained). */
  emitClearWordOf(b: Builder, j: Value): void {
    b.store(this.#wordConstant(b, 0), this.#filled, [b.binary('arith.shrui', j, this.#shift())]);
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
    const c = this.#c;
    const zero = this.#wordConstant(b, 0);
    const one = this.#wordConstant(b, 1);
    const loop = b.forOp(c(0), this.wordCount(b, extent), c(1), inits, (fb, wi, ...carried) => {
      const base = fb.binary('arith.shli', wi as Value, this.#shift());
      const bits = fb.whileOp(
        [fb.load(this.#filled, [wi as Value]), ...(carried as Value[])],
        [this.#word, ...inits.map((v) => v.type)],
        (wb, word, ...rest) => [
          wb.cmpi('ne', word as Value, zero),
          word as Value,
          ...(rest as Value[]),
        ],
        (ab, word, ...rest) => {
          // The lowest set bit: `x ^ (x & (x - 1))` (no negation, so index words stay positive).
          const cleared = ab.binary('arith.andi', word as Value, ab.subi(word as Value, one));
          const lowest = ab.binary('arith.xori', word as Value, cleared);
          const j = ab.addi(base, this.#indexOfBit(ab, lowest));
          const next = body(ab, j, rest as Value[]);
          return [ab.binary('arith.xori', word as Value, lowest), ...next];
        },
      );
      fb.store(zero, this.#filled, [wi as Value]);
      return bits.results.slice(1);
    });
    return [...loop.results];
  }

  /** The index of the one set bit of `power` (a word holding a power of two). */
  #indexOfBit(b: Builder, power: Value): Value {
    const unsigned = this.#word.kind === 'index' ? b.cast('arith.index_castui', power, i64) : power;
    const asFloat = b.cast('arith.uitofp', unsigned, f64);
    const exponent = b.binary(
      'arith.shrui',
      b.cast('arith.bitcast', asFloat, i64),
      b.constantInt(EXPONENT_SHIFT, i64),
    );
    const bit = b.subi(exponent, b.constantInt(EXPONENT_BIAS, i64));
    return b.cast('arith.index_cast', bit, index);
  }

  /** `log2(W)` as an index constant (coordinate to word index). */
  #shift(): Value {
    return this.#c(Math.log2(this.#bits));
  }

  #toWord(b: Builder, x: Value): Value {
    return this.#word.kind === 'index' ? x : b.cast('arith.index_cast', x, this.#word);
  }

  #wordConstant(b: Builder, n: number): Value {
    return this.#word.kind === 'index' ? this.#c(n) : b.constantInt(n, this.#word);
  }
}
