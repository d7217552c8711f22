/**
 * The IR that assembles a formatted output inside the emitted loops (see output-plan.ts for
 * when each strategy applies).
 *
 * Storage grows without allocation, since loop IR has no `memref.alloc`: the caller passes
 * every output array with some capacity (its length), and a small `state` memref in which the
 * kernel keeps, per level, the number of entries appended so far and the parent position and
 * coordinate of the last one. Every append is guarded by the array's `memref.dim`, so a call
 * with too little capacity writes nothing out of bounds and still counts exactly what it
 * needs; the caller then grows the arrays to those counts and calls again (output-storage.ts).
 *
 * An insertion of a full coordinate tuple walks the levels top-down like MLIR's
 * `sparse_tensor.insert`: a dense level computes its position, a compressed level appends the
 * coordinate unless it equals the last one appended under the same parent (entries arrive in
 * lexicographic order, so that is the only possible duplicate), a non-unique level and its
 * singleton levels append the whole tuple. Parents are thus created only when a child is
 * inserted, and positions of parents left empty are filled in at the end (MLIR's
 * `genEndInsert`).
 */
import type { Builder, ScalarType, Value } from '@tilekit/loop-ir';
import { index } from '@tilekit/loop-ir';
import { levelAt, levelsOf, type SparseFormat } from '../../sparse-tensor/format.js';
import type { OutputAssembly } from '../planning/output-plan.js';
import { loadIndex } from './emit-context.js';
import { WorkspaceMarks } from './workspace-marks.js';

/** What the assembler needs from the loop emitter. */
export interface AssemblyContext {
  /** The argument value of an output or workspace parameter, by parameter key. */
  arg(key: string): Value;
  /** The hoisted `index` constant `n`. */
  c(n: number): Value;
  /** The extent of an index variable. */
  size(indexVar: string): Value;
  /** The constant zero of the value type. */
  zero(): Value;
  /** The length of a memref argument, computed once at the function entry. */
  length(memref: Value): Value;
}

/** Slots of the state memref: per level `count`, `last parent`, `last coordinate`. */
const COUNT = 0;
const LAST_PARENT = 1;
const LAST_COORDINATE = 2;
const SLOTS_PER_LEVEL = 3;

/** Length of the state memref of an output of `rank` levels. */
export function stateLength(rank: number): number {
  return rank * SLOTS_PER_LEVEL;
}

/** The state slot holding the number of entries appended at `level`. */
export function countSlot(level: number): number {
  return level * SLOTS_PER_LEVEL + COUNT;
}

/** Parameter keys of the output and workspace arrays. */
export const outputKeys = {
  positions: (level: number) => `output-positions:${level}`,
  coordinates: (level: number) => `output-coordinates:${level}`,
  values: 'output-values',
  state: 'output-state',
  workspaceValues: 'workspace-values',
  workspaceFilled: 'workspace-filled',
  workspaceCoordinates: 'workspace-coordinates',
} as const;

/** Emits insertions, workspace updates and the final fix-up of one formatted output. */
export class OutputAssembler {
  readonly #ctx: AssemblyContext;
  readonly #format: SparseFormat;
  readonly #levelIndices: readonly string[];
  readonly #rank: number;
  #workspaceMarks: WorkspaceMarks | undefined;
  readonly #strategy: OutputAssembly['strategy'];
  /** Whether the last level's positions are stored once per parent (see {@link deferParentPositions}). */
  #parentsDeferred = false;

  constructor(ctx: AssemblyContext, assembly: OutputAssembly) {
    this.#ctx = ctx;
    this.#format = assembly.format;
    this.#levelIndices = assembly.levelIndices;
    this.#rank = assembly.format.levels.length;
    this.#strategy = assembly.strategy;
  }

  /**
   * Where every level but a compressed last one is dense and the loops bind the last level's
   * index after all the others, all insertions under one parent happen inside one visit of
   * that index's loops, so its end position can be stored once when they end (see
   * {@link emitParentEnd}) instead of at every append. Returns the index variable after whose
   * loops the emitter calls {@link emitParentEnd}, or `undefined` (positions stay per append).
   */
  deferParentPositions(loopOrder: readonly string[]): string | undefined {
    const last = this.#lastIndex;
    const upper = this.#levelIndices.slice(0, -1);
    const applies =
      this.#strategy === 'insert' &&
      this.#appendsEveryInsertion &&
      levelsOf(this.#format)
        .slice(0, -1)
        .every((level) => level.iteration === 'range') &&
      upper.every((i) => loopOrder.indexOf(i) < loopOrder.indexOf(last));
    this.#parentsDeferred = applies;
    return applies ? last : undefined;
  }

  /**
   * Stores the last level's end position of the parent bound in `idx` (every entry under it
   * has been appended): the entry count so far, the same value the last append would store.
   */
  emitParentEnd(b: Builder, idx: ReadonlyMap<string, Value>): void {
    const last = this.#rank - 1;
    const coords = this.#levelIndices.map((i) => idx.get(i) as Value);
    const parent = this.#walk(b, coords, last);
    const end = this.#loadState(b, last, COUNT);
    const positions = this.#ctx.arg(outputKeys.positions(last));
    this.#guardedStore(b, end, positions, b.addi(parent, this.#ctx.c(1)), true);
  }

  /** Resets the entry counts (the caller's arrays may be reused between calls). */
  emitInit(b: Builder): void {
    for (let l = 0; l < this.#rank; l++) this.#storeState(b, this.#ctx.c(0), l, COUNT);
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
    const coords = this.#levelIndices.map((i) => idx.get(i) as Value);
    if (!onlyNonzero) {
      this.#insert(b, coords, value, count);
      return count === undefined ? undefined : b.addi(count, this.#ctx.c(1));
    }
    b.ifOp(this.#isNonzero(b, value), [], (tb) => {
      this.#insert(tb, coords, value);
      return [];
    });
    return undefined;
  }

  /**
   * Opens one workspace: no entries yet (the marks are clear between uses). Returns
   * the entry count, which the loops filling the workspace carry (in a register, as MLIR's
   * expanded access pattern carries its `count`) and {@link emitExpandEnd} takes.
   */
  emitExpandBegin(): Value {
    return this.#ctx.c(0);
  }

  /**
   * `w[j] += value`, recording `j` the first time it is touched (the expanded access); `count`
   * is the workspace's entry count so far, and the count after the update is returned.
   *
   * Branch-free: `j` is written after the recorded coordinates whether or not it is new (the
   * coordinates array has one slot beyond the extent for a full row), and only a new one
   * advances the count; which updates are new follows the data, so a branch on it is
   * mispredicted often. The workspace holds zero wherever a row has not touched it (the
   * drains clear what they read), so a first term needs no special case either.
   */
  emitWorkspaceUpdate(
    b: Builder,
    idx: ReadonlyMap<string, Value>,
    value: Value,
    count: Value,
  ): Value {
    const j = idx.get(this.#lastIndex) as Value;
    const w = this.#ctx.arg(outputKeys.workspaceValues);
    const added = this.#ctx.arg(outputKeys.workspaceCoordinates);
    const fresh = this.#marks().emitMark(b, j);
    this.#storeIndex(b, j, added, count);
    b.store(b.binary(this.#addName(value), b.load(w, [j]), value), w, [j]);
    return b.select(fresh, b.addi(count, this.#ctx.c(1)), count);
  }

  /**
   * Appends the workspace's entries in coordinate order below the prefix bound in `idx`, and
   * clears the entries it used. Few entries are sorted (insertion sort of the touched
   * coordinates); many are found by scanning the whole workspace, whichever costs less. `n`
   * is the workspace's entry count.
   */
  emitExpandEnd(b: Builder, idx: ReadonlyMap<string, Value>, n: Value): void {
    if (this.#appendsEveryInsertion) {
      this.#emitCompressAppend(b, idx, n);
      return;
    }
    const extent = this.#ctx.size(this.#lastIndex);
    const marks = this.#marks();
    b.ifOp(
      this.#scansMarks(b, n, marks.wordCount(b, extent)),
      [],
      (tb) => {
        marks.emitForEachMarked(tb, extent, [], (fb, j) => {
          this.#drain(fb, idx, j);
          return [];
        });
        return [];
      },
      (eb) => {
        this.#emitSort(eb, n);
        const added = this.#ctx.arg(outputKeys.workspaceCoordinates);
        eb.forOp(this.#ctx.c(0), n, this.#ctx.c(1), [], (fb, t) => {
          const j = loadIndex(fb, added, t as Value);
          this.#drain(fb, idx, j);
          marks.emitClearWordOf(fb, j);
          return [];
        });
        return [];
      },
    );
  }

  /**
   * {@link emitExpandEnd} when the last level is compressed (CSR, DCSR, CSF ...): the segment's
   * parent is created once, then its coordinates and values are appended with the entry count
   * carried in a register (MLIR's `compress`). Every touched coordinate is stored, also one
   * whose sum is zero, as MLIR's `compress` does.
   */
  #emitCompressAppend(b: Builder, idx: ReadonlyMap<string, Value>, n: Value): void {
    const { c } = this.#ctx;
    const last = this.#rank - 1;
    const extent = this.#ctx.size(this.#lastIndex);
    const added = this.#ctx.arg(outputKeys.workspaceCoordinates);
    const crd = this.#ctx.arg(outputKeys.coordinates(last));
    const values = this.#ctx.arg(outputKeys.values);
    const marks = this.#marks();
    b.ifOp(b.cmpi('ugt', n, c(0)), [], (nb) => {
      const coords = this.#levelIndices.map((i) => idx.get(i) as Value);
      const parent = this.#walk(nb, coords, last);
      const start = this.#loadState(nb, last, COUNT);
      /** Appends `w[j]` at `q` (without capacity checks where `guarded` is false); returns `q + 1`. */
      const append = (ab: Builder, j: Value, q: Value, guarded: boolean): Value => {
        const v = this.#takeWorkspaceValue(ab, j);
        if (guarded) {
          this.#guardedStore(ab, j, crd, q, true);
          this.#guardedStore(ab, v, values, q);
        } else {
          this.#storeIndex(ab, j, crd, q);
          ab.store(v, values, [q]);
        }
        return ab.addi(q, c(1));
      };
      const end = nb.ifOp(
        this.#scansMarks(nb, n, marks.wordCount(nb, extent)),
        [index],
        (tb) => {
          // Where the row fits the storage (every call but a too-small first one), the
          // appends need no capacity checks.
          const room = tb.select(
            tb.cmpi('ult', this.#ctx.length(crd), this.#ctx.length(values)),
            this.#ctx.length(crd),
            this.#ctx.length(values),
          );
          const appendMarked = (rb: Builder, guarded: boolean): Value[] =>
            marks.emitForEachMarked(rb, extent, [start], (fb, j, [q]) => [
              append(fb, j, q as Value, guarded),
            ]);
          const appended = tb.ifOp(
            tb.cmpi('ule', tb.addi(start, n), room),
            [index],
            (ub) => appendMarked(ub, false),
            (gb) => appendMarked(gb, true),
          );
          return [appended.results[0] as Value];
        },
        (eb) => {
          this.#emitSort(eb, n);
          const loop = eb.forOp(c(0), n, c(1), [start], (fb, t, q) => {
            const j = loadIndex(fb, added, t as Value);
            marks.emitClearWordOf(fb, j);
            return [append(fb, j, q as Value, true)];
          });
          return [loop.results[0] as Value];
        },
      ).results[0] as Value;
      this.#storeState(nb, end, last, COUNT);
      this.#guardedStore(
        nb,
        end,
        this.#ctx.arg(outputKeys.positions(last)),
        nb.addi(parent, c(1)),
        true,
      );
      return [];
    });
  }

  /**
   * Whether a row of `n` touched coordinates is drained by scanning its marks' `words`, or
   * (few coordinates in a wide row) by sorting the touched coordinates, whichever costs less.
   */
  #scansMarks(b: Builder, n: Value, words: Value): Value {
    return b.cmpi('ugt', b.muli(n, n), b.muli(words, this.#ctx.c(4)));
  }

  /** The workspace's marks (see workspace-marks.ts), made on first use: only expanded outputs have them. */
  #marks(): WorkspaceMarks {
    this.#workspaceMarks ??= new WorkspaceMarks(this.#ctx.arg(outputKeys.workspaceFilled), (n) =>
      this.#ctx.c(n),
    );
    return this.#workspaceMarks;
  }

  /** Fills the positions of parents left empty, level by level (MLIR's `genEndInsert`). */
  emitFinalize(b: Builder): void {
    let entries: Value = this.#ctx.c(1);
    levelsOf(this.#format).forEach((level, l) => {
      const parents = entries;
      if (level.iteration === 'range') {
        entries = b.muli(parents, this.#ctx.size(this.#levelIndices[l] as string));
        return;
      }
      if (!level.hasPositions) return;
      entries = this.#loadState(b, l, COUNT);
      const pos = this.#ctx.arg(outputKeys.positions(l));
      const cap = this.#ctx.length(pos);
      const wanted = b.addi(parents, this.#ctx.c(1));
      const hi = b.select(b.cmpi('ult', wanted, cap), wanted, cap);
      b.forOp(this.#ctx.c(1), hi, this.#ctx.c(1), [], (fb, q) => {
        const here = fb.load(pos, [q as Value]);
        const before = fb.load(pos, [fb.subi(q as Value, this.#ctx.c(1))]);
        fb.store(fb.select(fb.cmpi('ult', here, before), before, here), pos, [q as Value]);
        return [];
      });
    });
  }

  get #lastIndex(): string {
    return this.#levelIndices[this.#rank - 1] as string;
  }

  /** Inserts `w[j]` (every touched coordinate, as MLIR's `compress`). */
  #drain(b: Builder, idx: ReadonlyMap<string, Value>, j: Value): void {
    const v = this.#takeWorkspaceValue(b, j);
    this.emitInsert(b, new Map(idx).set(this.#lastIndex, j), v, false);
  }

  /** `w[j]`, leaving zero in its place for the next row (see {@link emitWorkspaceUpdate}). */
  #takeWorkspaceValue(b: Builder, j: Value): Value {
    const w = this.#ctx.arg(outputKeys.workspaceValues);
    const v = b.load(w, [j]);
    b.store(this.#ctx.zero(), w, [j]);
    return v;
  }

  /** Insertion sort of the first `n` touched coordinates. */
  #emitSort(b: Builder, n: Value): void {
    const added = this.#ctx.arg(outputKeys.workspaceCoordinates);
    const one = this.#ctx.c(1);
    b.forOp(one, n, one, [], (fb, t) => {
      const key = fb.load(added, [t as Value]);
      const hole = fb.whileOp(
        [t as Value],
        [index],
        (wb, s) => {
          const positive = wb.cmpi('ugt', s as Value, this.#ctx.c(0));
          const larger = wb.ifOp(
            positive,
            [positive.type],
            (tb) => [tb.cmpi('ugt', tb.load(added, [tb.subi(s as Value, one)]), key)],
            (eb) => [eb.constantBool(false)],
          );
          return [larger.results[0] as Value, s as Value];
        },
        (wb, s) => {
          const prev = wb.subi(s as Value, one);
          wb.store(wb.load(added, [prev]), added, [s as Value]);
          return [prev];
        },
      );
      fb.store(key, added, [hole.results[0] as Value]);
      return [];
    });
  }

  /**
   * The level-by-level insertion of one coordinate tuple (level order); with `count`, the
   * last level's entry count is that value instead of the state's, and is not stored back.
   */
  #insert(b: Builder, coords: readonly Value[], value: Value, count?: Value): void {
    const p = this.#walk(b, coords, this.#rank, count);
    const values = this.#ctx.arg(outputKeys.values);
    this.#guardedStore(b, value, values, p);
  }

  /**
   * Whether a loop may carry the last level's entry count in a register around insertions
   * (see {@link emitInsert}): the output is inserted into and its last level is a
   * compressed one, which appends on every insertion.
   */
  get carriesCount(): boolean {
    return this.#strategy === 'insert' && this.#appendsEveryInsertion;
  }

  /**
   * Whether the last level is a unique level with positions (compressed): one new entry per
   * insertion, never a search for an existing one.
   */
  get #appendsEveryInsertion(): boolean {
    const last = levelAt(this.#format, this.#rank - 1);
    return last.hasPositions && last.unique;
  }

  /** The last level's entry count, as a loop carrying it starts. */
  emitLoadCount(b: Builder): Value {
    return this.#loadState(b, this.#rank - 1, COUNT);
  }

  /** Stores the count a carrying loop ends with, for the insertions after it. */
  emitStoreCount(b: Builder, count: Value): void {
    this.#storeState(b, count, this.#rank - 1, COUNT);
  }

  /**
   * Walks levels `[0, upto)` for `coords`, appending where needed; returns the position at
   * level `upto - 1` (the parent position of level `upto`). `count`: the last level's entry
   * count when a loop carries it.
   */
  #walk(b: Builder, coords: readonly Value[], upto: number, count?: Value): Value {
    const levels = levelsOf(this.#format);
    let p: Value = this.#ctx.c(0);
    for (let l = 0; l < upto; ) {
      if (levels[l]?.iteration === 'range') {
        p =
          l === 0
            ? (coords[0] as Value)
            : b.addi(
                b.muli(p, this.#ctx.size(this.#levelIndices[l] as string)),
                coords[l] as Value,
              );
        l++;
        continue;
      }
      // A compressed level, with the singleton levels that share its positions.
      let end = l + 1;
      while (end < this.#rank && levels[end - 1]?.unique === false) end++;
      p = this.#appendOrFind(b, l, end, p, coords, end === this.#rank, count);
      l = end;
    }
    return p;
  }

  /**
   * Levels `[l, end)` (one compressed level and its singletons) under parent position `p`:
   * the position of the entry holding `coords[l..end)`, appended unless it is the last one
   * appended under `p`. The last level never repeats an entry, so it always appends.
   */
  #appendOrFind(
    b: Builder,
    l: number,
    end: number,
    p: Value,
    coords: readonly Value[],
    last: boolean,
    count?: Value,
  ): Value {
    const carried = last ? count : undefined;
    const n = carried ?? this.#loadState(b, l, COUNT);
    const append = (ab: Builder): Value => {
      for (let k = l; k < end; k++) {
        const crd = this.#ctx.arg(outputKeys.coordinates(k));
        this.#guardedStore(ab, coords[k] as Value, crd, n, true);
        if (!last) this.#storeState(ab, coords[k] as Value, k, LAST_COORDINATE);
      }
      const storesPosition = !(last && this.#parentsDeferred);
      if (!storesPosition && carried !== undefined) return n;
      const next = ab.addi(n, this.#ctx.c(1));
      if (storesPosition) {
        const pos = this.#ctx.arg(outputKeys.positions(l));
        this.#guardedStore(ab, next, pos, ab.addi(p, this.#ctx.c(1)), true);
      }
      if (carried === undefined) this.#storeState(ab, next, l, COUNT);
      if (!last) this.#storeState(ab, p, l, LAST_PARENT);
      return n;
    };
    if (last) return append(b);
    let hit = b.cmpi('ugt', n, this.#ctx.c(0));
    hit = b.binary('arith.andi', hit, b.cmpi('eq', this.#loadState(b, l, LAST_PARENT), p));
    for (let k = l; k < end; k++) {
      const same = b.cmpi('eq', this.#loadState(b, k, LAST_COORDINATE), coords[k] as Value);
      hit = b.binary('arith.andi', hit, same);
    }
    const op = b.ifOp(
      hit,
      [index],
      (tb) => [tb.subi(n, this.#ctx.c(1))],
      (eb) => [append(eb)],
    );
    return op.results[0] as Value;
  }

  /** `memref[at] = value` when `at` is inside the memref (an index value is cast to its type). */
  #guardedStore(b: Builder, value: Value, memref: Value, at: Value, castIndex = false): void {
    const inside = b.cmpi('ult', at, this.#ctx.length(memref));
    b.ifOp(inside, [], (tb) => {
      if (castIndex) this.#storeIndex(tb, value, memref, at);
      else tb.store(value, memref, [at]);
      return [];
    });
  }

  #loadState(b: Builder, level: number, slot: number, absolute = false): Value {
    const at = absolute ? slot : level * SLOTS_PER_LEVEL + slot;
    return loadIndex(b, this.#ctx.arg(outputKeys.state), this.#ctx.c(at));
  }

  #storeState(b: Builder, value: Value, level: number, slot: number, absolute = false): void {
    const at = absolute ? slot : level * SLOTS_PER_LEVEL + slot;
    this.#storeIndex(b, value, this.#ctx.arg(outputKeys.state), this.#ctx.c(at));
  }

  /** Stores an `index` value into a position/coordinate memref of any width. */
  #storeIndex(b: Builder, value: Value, memref: Value, at: Value): void {
    const element = this.#elementOf(memref);
    const stored = element.kind === 'index' ? value : b.cast('arith.index_cast', value, element);
    b.store(stored, memref, [at]);
  }

  #elementOf(memref: Value): ScalarType {
    const t = memref.type;
    if (t.kind !== 'memref') throw new TypeError('expected a memref');
    return t.element as ScalarType;
  }

  #isNonzero(b: Builder, value: Value): Value {
    return value.type.kind === 'float'
      ? b.cmpf('une', value, this.#ctx.zero())
      : b.cmpi('ne', value, this.#ctx.zero());
  }

  #addName(value: Value): string {
    return value.type.kind === 'float' ? 'arith.addf' : 'arith.addi';
  }
}
