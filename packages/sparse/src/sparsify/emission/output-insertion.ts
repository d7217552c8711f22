/**
 * Insertion into a formatted output inside the emitted loops (see output-plan.ts for when each
 * strategy applies, assembly-state.ts for the storage it writes).
 *
 * An insertion of a full coordinate tuple walks the levels top-down like MLIR's
 * `sparse_tensor.insert`: a dense level computes its position, a compressed level appends the
 * coordinate unless it equals the last one appended under the same parent (entries arrive in
 * lexicographic order, so that is the only possible duplicate), a non-unique level and its
 * singleton levels append the whole tuple. Parents are thus created only when a child is
 * inserted, and positions of parents left empty are filled in at the end (MLIR's
 * `genEndInsert`).
 */
import type { Builder, Value } from '@tilekit/loop-ir';
import { index } from '@tilekit/loop-ir';
import { levelAt, levelsOf, type SparseFormat } from '../../sparse-tensor/format.js';
import type { OutputAssembly } from '../planning/output-plan.js';
import {
  type AssemblyContext,
  type AssemblyState,
  COUNT,
  LAST_COORDINATE,
  LAST_PARENT,
  outputKeys,
} from './assembly-state.js';

/** Emits the insertions, entry counts and final fix-up of one formatted output. */
export class OutputInsertion {
  private readonly ctx: AssemblyContext;
  private readonly state: AssemblyState;
  private readonly format: SparseFormat;
  private readonly levelIndices: readonly string[];
  private readonly rank: number;
  private readonly strategy: OutputAssembly['strategy'];
  /** Whether the last level's positions are stored once per parent (see {@link deferParentPositions}). */
  private parentsDeferred = false;

  constructor(ctx: AssemblyContext, state: AssemblyState, assembly: OutputAssembly) {
    this.ctx = ctx;
    this.state = state;
    this.format = assembly.format;
    this.levelIndices = assembly.levelIndices;
    this.rank = assembly.format.levels.length;
    this.strategy = assembly.strategy;
  }

  /**
   * Where every level but a compressed last one is dense and the loops bind the last level's
   * index after all the others, all insertions under one parent happen inside one visit of
   * that index's loops, so its end position can be stored once when they end (see
   * {@link emitParentEnd}) instead of at every append. Returns the index variable after whose
   * loops the emitter calls {@link emitParentEnd}, or `undefined` (positions stay per append).
   */
  deferParentPositions(loopOrder: readonly string[]): string | undefined {
    const last = this.lastIndex;
    const upper = this.levelIndices.slice(0, -1);
    const applies =
      this.strategy === 'insert' &&
      this.appendsEveryInsertion &&
      levelsOf(this.format)
        .slice(0, -1)
        .every((level) => level.iteration === 'range') &&
      upper.every((i) => loopOrder.indexOf(i) < loopOrder.indexOf(last));
    this.parentsDeferred = applies;
    return applies ? last : undefined;
  }

  /**
   * Stores the last level's end position of the parent bound in `idx` (every entry under it
   * has been appended): the entry count so far (`count` where the loops carried it), the same
   * value the last append would store.
   */
  emitParentEnd(b: Builder, idx: ReadonlyMap<string, Value>, count?: Value): void {
    const last = this.rank - 1;
    const coords = this.levelIndices.map((i) => idx.get(i) as Value);
    const parent = this.walk(b, coords, last);
    const end = count ?? this.state.load(b, last, COUNT);
    const positions = this.ctx.arg(outputKeys.positions(last));
    this.state.guardedStore(b, end, positions, b.addi(parent, this.ctx.c(1)), true);
  }

  /** Resets the entry counts (the caller's arrays may be reused between calls). */
  emitInit(b: Builder): void {
    for (let l = 0; l < this.rank; l++) this.state.store(b, this.ctx.c(0), l, COUNT);
  }

  /**
   * Inserts `value` at the output coordinates bound in `idx` (by index variable); with
   * `onlyNonzero`, only when the value is not zero (a reduction that summed to zero). With
   * `count` (always inserting, see {@link carriesCount}), the last level's entry count is the
   * one the enclosing loop carries, and the count after the append is returned.
   */
  emitInsert(
    b: Builder,
    idx: ReadonlyMap<string, Value>,
    value: Value,
    onlyNonzero: boolean,
    count?: Value,
  ): Value | undefined {
    const coords = this.levelIndices.map((i) => idx.get(i) as Value);
    if (!onlyNonzero) {
      this.insert(b, coords, value, count);
      return count === undefined ? undefined : b.addi(count, this.ctx.c(1));
    }
    b.ifOp(this.isNonzero(b, value), [], (tb) => {
      this.insert(tb, coords, value);
      return [];
    });
    return undefined;
  }

  /** Fills the positions of parents left empty, level by level (MLIR's `genEndInsert`). */
  emitFinalize(b: Builder): void {
    let entries: Value = this.ctx.c(1);
    levelsOf(this.format).forEach((level, l) => {
      const parents = entries;
      if (level.iteration === 'range') {
        entries = b.muli(parents, this.ctx.size(this.levelIndices[l] as string));
        return;
      }
      if (!level.hasPositions) return;
      entries = this.state.load(b, l, COUNT);
      const pos = this.ctx.arg(outputKeys.positions(l));
      const cap = this.ctx.length(pos);
      const wanted = b.addi(parents, this.ctx.c(1));
      const hi = b.select(b.cmpi('ult', wanted, cap), wanted, cap);
      b.forOp(this.ctx.c(1), hi, this.ctx.c(1), [], (fb, q) => {
        const here = fb.load(pos, [q as Value]);
        const before = fb.load(pos, [fb.subi(q as Value, this.ctx.c(1))]);
        fb.store(fb.select(fb.cmpi('ult', here, before), before, here), pos, [q as Value]);
        return [];
      });
    });
  }

  /** The index variable of the last level. */
  get lastIndex(): string {
    return this.levelIndices[this.rank - 1] as string;
  }

  /**
   * The level-by-level insertion of one coordinate tuple (level order); with `count`, the
   * last level's entry count is that value instead of the state's, and is not stored back.
   */
  private insert(b: Builder, coords: readonly Value[], value: Value, count?: Value): void {
    const p = this.walk(b, coords, this.rank, count);
    const values = this.ctx.arg(outputKeys.values);
    this.state.guardedStore(b, value, values, p);
  }

  /**
   * Whether a loop may carry the last level's entry count in a register around insertions
   * (see {@link emitInsert}): the output is inserted into and its last level is a
   * compressed one, which appends on every insertion.
   */
  get carriesCount(): boolean {
    return this.strategy === 'insert' && this.appendsEveryInsertion;
  }

  /**
   * Whether the last level is a unique level with positions (compressed): one new entry per
   * insertion, never a search for an existing one.
   */
  get appendsEveryInsertion(): boolean {
    const last = levelAt(this.format, this.rank - 1);
    return last.hasPositions && last.unique;
  }

  /** The last level's entry count, as a loop carrying it starts. */
  emitLoadCount(b: Builder): Value {
    return this.state.load(b, this.rank - 1, COUNT);
  }

  /** Stores the count a carrying loop ends with, for the insertions after it. */
  emitStoreCount(b: Builder, count: Value): void {
    this.state.store(b, count, this.rank - 1, COUNT);
  }

  /**
   * Walks levels `[0, upto)` for `coords`, appending where needed; returns the position at
   * level `upto - 1` (the parent position of level `upto`). `count`: the last level's entry
   * count when a loop carries it.
   */
  walk(b: Builder, coords: readonly Value[], upto: number, count?: Value): Value {
    const levels = levelsOf(this.format);
    let p: Value = this.ctx.c(0);
    for (let l = 0; l < upto; ) {
      if (levels[l]?.iteration === 'range') {
        p =
          l === 0
            ? (coords[0] as Value)
            : b.addi(b.muli(p, this.ctx.size(this.levelIndices[l] as string)), coords[l] as Value);
        l++;
        continue;
      }
      // A compressed level, with the singleton levels that share its positions.
      let end = l + 1;
      while (end < this.rank && levels[end - 1]?.unique === false) end++;
      p = this.appendOrFind(b, l, end, p, coords, end === this.rank, count);
      l = end;
    }
    return p;
  }

  /**
   * Levels `[l, end)` (one compressed level and its singletons) under parent position `p`:
   * the position of the entry holding `coords[l..end)`, appended unless it is the last one
   * appended under `p`. The last level never repeats an entry, so it always appends.
   */
  private appendOrFind(
    b: Builder,
    l: number,
    end: number,
    p: Value,
    coords: readonly Value[],
    last: boolean,
    count?: Value,
  ): Value {
    const carried = last ? count : undefined;
    const n = carried ?? this.state.load(b, l, COUNT);
    const append = (ab: Builder): Value => {
      for (let k = l; k < end; k++) {
        const crd = this.ctx.arg(outputKeys.coordinates(k));
        this.state.guardedStore(ab, coords[k] as Value, crd, n, true);
        if (!last) this.state.store(ab, coords[k] as Value, k, LAST_COORDINATE);
      }
      const storesPosition = !(last && this.parentsDeferred);
      if (!storesPosition && carried !== undefined) return n;
      const next = ab.addi(n, this.ctx.c(1));
      if (storesPosition) {
        const pos = this.ctx.arg(outputKeys.positions(l));
        this.state.guardedStore(ab, next, pos, ab.addi(p, this.ctx.c(1)), true);
      }
      if (carried === undefined) this.state.store(ab, next, l, COUNT);
      if (!last) this.state.store(ab, p, l, LAST_PARENT);
      return n;
    };
    if (last) return append(b);
    let hit = b.cmpi('ugt', n, this.ctx.c(0));
    hit = b.binary('arith.andi', hit, b.cmpi('eq', this.state.load(b, l, LAST_PARENT), p));
    for (let k = l; k < end; k++) {
      const same = b.cmpi('eq', this.state.load(b, k, LAST_COORDINATE), coords[k] as Value);
      hit = b.binary('arith.andi', hit, same);
    }
    const op = b.ifOp(
      hit,
      [index],
      (tb) => [tb.subi(n, this.ctx.c(1))],
      (eb) => [append(eb)],
    );
    return op.results[0] as Value;
  }

  private isNonzero(b: Builder, value: Value): Value {
    return value.type.kind === 'float'
      ? b.cmpf('une', value, this.ctx.zero())
      : b.cmpi('ne', value, this.ctx.zero());
  }
}
