/**
 * The expanded access pattern of a formatted output (MLIR's `expand`/`compress`): where the
 * loops cannot insert in order, the innermost level's values of one row are summed into a dense
 * workspace whose touched coordinates are recorded (workspace-marks.ts), then appended to the
 * output in coordinate order when the row's loops end.
 */
import type { Builder, Value } from '@tilekit/loop-ir';
import { index } from '@tilekit/loop-ir';
import type { OutputAssembly } from '../planning/output-plan.js';
import { type AssemblyContext, type AssemblyState, COUNT, outputKeys } from './assembly-state.js';
import { loadIndex } from './emit-context.js';
import type { OutputInsertion } from './output-insertion.js';
import { sortingNetwork } from './sorting-network.js';
import { WorkspaceMarks } from './workspace-marks.js';

/**
 * The sorting networks small rows are sorted by (see `emitInOrder`), smallest first: a row of
 * `n` touched coordinates takes the first that holds `n`; rows of more than the last
 * (`SORTED_AT_MOST`) are drained through the marks.
 */
const SORTED_AT_MOST = 16;
const NETWORK_SIZES: readonly number[] = [4, 8, SORTED_AT_MOST];

/** Emits the workspace of an expanded output: its opening, its updates and its drain. */
export class ExpandedRow {
  private readonly ctx: AssemblyContext;
  private readonly state: AssemblyState;
  private readonly insertion: OutputInsertion;
  private readonly levelIndices: readonly string[];
  private readonly rank: number;
  private workspaceMarks: WorkspaceMarks | undefined;

  constructor(
    ctx: AssemblyContext,
    state: AssemblyState,
    insertion: OutputInsertion,
    assembly: OutputAssembly,
  ) {
    this.ctx = ctx;
    this.state = state;
    this.insertion = insertion;
    this.levelIndices = assembly.levelIndices;
    this.rank = assembly.format.levels.length;
  }

  /**
   * Opens one workspace: no entries yet (the marks are clear between uses). Returns
   * the entry count, which the loops filling the workspace carry (in a register, as MLIR's
   * expanded access pattern carries its `count`) and {@link emitExpandEnd} takes.
   */
  emitExpandBegin(): Value {
    return this.ctx.c(0);
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
    const j = idx.get(this.insertion.lastIndex) as Value;
    const w = this.ctx.arg(outputKeys.workspaceValues);
    const added = this.ctx.arg(outputKeys.workspaceCoordinates);
    const fresh = this.marks().emitMark(b, j);
    this.state.storeIndex(b, j, added, count);
    b.store(b.binary(this.addName(value), b.load(w, [j]), value), w, [j]);
    return b.select(fresh, b.addi(count, this.ctx.c(1)), count);
  }

  /**
   * Appends the workspace's entries in coordinate order below the prefix bound in `idx`, and
   * clears the entries it used (see {@link emitInOrder}). `n` is the workspace's entry count.
   */
  emitExpandEnd(b: Builder, idx: ReadonlyMap<string, Value>, n: Value): void {
    if (this.insertion.appendsEveryInsertion) {
      this.emitCompressAppend(b, idx, n);
      return;
    }
    this.emitSortSmallRow(b, n);
    this.emitInOrder(b, n, [], (fb, j) => {
      this.drain(fb, idx, j);
      return [];
    });
  }

  /**
   * {@link emitExpandEnd} when the last level is compressed (CSR, DCSR, CSF ...): the segment's
   * parent is created once, then its coordinates and values are appended with the entry count
   * carried in a register (MLIR's `compress`). Every touched coordinate is stored, also one
   * whose sum is zero, as MLIR's `compress` does.
   */
  private emitCompressAppend(b: Builder, idx: ReadonlyMap<string, Value>, n: Value): void {
    const { c } = this.ctx;
    const last = this.rank - 1;
    const crd = this.ctx.arg(outputKeys.coordinates(last));
    const values = this.ctx.arg(outputKeys.values);
    b.ifOp(b.cmpi('ugt', n, c(0)), [], (nb) => {
      const coords = this.levelIndices.map((i) => idx.get(i) as Value);
      const parent = this.insertion.walk(nb, coords, last);
      // Sorted once here, not in each of the two appends below.
      this.emitSortSmallRow(nb, n);
      const start = this.state.load(nb, last, COUNT);
      /** Appends `w[j]` at `q` (without capacity checks where `guarded` is false); returns `q + 1`. */
      const append = (ab: Builder, j: Value, q: Value, guarded: boolean): Value => {
        const v = this.takeWorkspaceValue(ab, j);
        if (guarded) {
          this.state.guardedStore(ab, j, crd, q, true);
          this.state.guardedStore(ab, v, values, q);
        } else {
          this.state.storeIndex(ab, j, crd, q);
          ab.store(v, values, [q]);
        }
        return ab.addi(q, c(1));
      };
      // Where the row fits the storage (every call but a too-small first one), the appends
      // need no capacity checks.
      const room = nb.select(
        nb.cmpi('ult', this.ctx.length(crd), this.ctx.length(values)),
        this.ctx.length(crd),
        this.ctx.length(values),
      );
      const appendAll = (rb: Builder, guarded: boolean): Value[] =>
        this.emitInOrder(rb, n, [start], (fb, j, [q]) => [append(fb, j, q as Value, guarded)]);
      const end = nb.ifOp(
        nb.cmpi('ule', nb.addi(start, n), room),
        [index],
        (ub) => appendAll(ub, false),
        (gb) => appendAll(gb, true),
      ).results[0] as Value;
      this.state.store(nb, end, last, COUNT);
      this.state.guardedStore(
        nb,
        end,
        this.ctx.arg(outputKeys.positions(last)),
        nb.addi(parent, c(1)),
        true,
      );
      return [];
    });
  }

  /**
   * Visits the row's `n` touched coordinates in increasing order with `body` (carrying
   * `inits`), leaving the marks clear, by whichever costs least: a few coordinates in the
   * order {@link emitSortSmallRow} (emitted before) sorted them to; a row that touched at least as
   * many coordinates as the marks have words, by reading every word; any other through the
   * marks' summary (workspace-marks.ts), which reads only the words that hold marks. A
   * network's steps do not depend on the data, so it has no branch to mispredict: a
   * branching insertion sort mispredicted once per coordinate, and a branch-free one, whose
   * inner loop still ended at a different step per coordinate, cost a third of a call of
   * rows of a few coordinates each.
   */
  private emitInOrder(
    b: Builder,
    n: Value,
    inits: readonly Value[],
    body: (b: Builder, j: Value, carried: readonly Value[]) => Value[],
  ): Value[] {
    const { c } = this.ctx;
    const extent = this.ctx.size(this.insertion.lastIndex);
    const added = this.ctx.arg(outputKeys.workspaceCoordinates);
    const marks = this.marks();
    const types = inits.map((v) => v.type);
    const drained = b.ifOp(
      b.cmpi('uge', n, marks.wordCount(b, extent)),
      types,
      (sb) => marks.emitForEachMarked(sb, extent, inits, body),
      (lb) =>
        lb.ifOp(
          lb.cmpi('ule', n, c(SORTED_AT_MOST)),
          types,
          (tb) => {
            const loop = tb.forOp(c(0), n, c(1), inits, (fb, t, ...carried) => {
              const j = loadIndex(fb, added, t as Value);
              marks.emitClearWordOf(fb, j);
              return body(fb, j, carried as Value[]);
            });
            return [...loop.results];
          },
          (mb) => marks.emitForEachListedMarked(mb, extent, added, n, inits, body),
        ).results,
    );
    return [...drained.results];
  }

  /** The workspace's marks (see workspace-marks.ts), made on first use: only expanded outputs have them. */
  private marks(): WorkspaceMarks {
    this.workspaceMarks ??= new WorkspaceMarks(this.ctx.arg(outputKeys.workspaceFilled), (n) =>
      this.ctx.c(n),
    );
    return this.workspaceMarks;
  }

  /** Inserts `w[j]` (every touched coordinate, as MLIR's `compress`). */
  private drain(b: Builder, idx: ReadonlyMap<string, Value>, j: Value): void {
    const v = this.takeWorkspaceValue(b, j);
    this.insertion.emitInsert(b, new Map(idx).set(this.insertion.lastIndex, j), v, false);
  }

  /** `w[j]`, leaving zero in its place for the next row (see {@link emitWorkspaceUpdate}). */
  private takeWorkspaceValue(b: Builder, j: Value): Value {
    const w = this.ctx.arg(outputKeys.workspaceValues);
    const v = b.load(w, [j]);
    b.store(this.ctx.zero(), w, [j]);
    return v;
  }

  /**
   * Sorts the row's `n` touched coordinates in place where {@link emitInOrder} drains them in
   * the order they are listed: at most `SORTED_AT_MOST`, and fewer than the marks' words. A
   * row of one coordinate (or none) is in order already, and skips the network's fixed cost.
   */
  private emitSortSmallRow(b: Builder, n: Value): void {
    const { c } = this.ctx;
    const words = this.marks().wordCount(b, this.ctx.size(this.insertion.lastIndex));
    const listed = b.binary(
      'arith.andi',
      b.binary('arith.andi', b.cmpi('uge', n, c(2)), b.cmpi('ule', n, c(SORTED_AT_MOST))),
      b.cmpi('ult', n, words),
    );
    b.ifOp(listed, [], (sb) => {
      this.emitSmallSort(sb, n, 0);
      return [];
    });
  }

  /**
   * Sorts the first `n` touched coordinates in place (`n` at most the largest network size) by
   * the smallest network from `NETWORK_SIZES[from]` on that holds them.
   */
  private emitSmallSort(b: Builder, n: Value, from: number): void {
    const size = NETWORK_SIZES[from] as number;
    if (from === NETWORK_SIZES.length - 1) {
      this.emitNetworkSort(b, n, size);
      return;
    }
    b.ifOp(
      b.cmpi('ule', n, this.ctx.c(size)),
      [],
      (sb) => {
        this.emitNetworkSort(sb, n, size);
        return [];
      },
      (lb) => {
        this.emitSmallSort(lb, n, from + 1);
        return [];
      },
    );
  }

  /**
   * Sorts the first `n` (at most `size`) touched coordinates in place by a sorting network of
   * `size` inputs (sorting-network.ts), held in registers. Slot `k` past `n` is read from
   * slot 0 and raised to the row's largest coordinate, so those slots sort last and the first
   * `n` sorted values are the row's coordinates in order; the values are written back from the
   * last slot down, a slot past `n` to slot 0, which the row's own values then overwrite. Every
   * access stays within the first `max(n, 1)` slots, so an empty row reads and rewrites slot 0
   * only (the coordinates array always has one).
   */
  private emitNetworkSort(b: Builder, n: Value, size: number): void {
    const added = this.ctx.arg(outputKeys.workspaceCoordinates);
    const { c } = this.ctx;
    const inRow = Array.from({ length: size }, (_, k) => b.cmpi('ult', c(k), n));
    const slot = inRow.map((inside, k) => (k === 0 ? c(0) : b.select(inside, c(k), c(0))));
    const read = slot.map((at) => b.load(added, [at]));
    const top = read.reduce((most, x) => b.binary('arith.maxui', most, x));
    const keys = read.map((x, k) => (k === 0 ? x : b.select(inRow[k] as Value, x, top)));
    for (const [lo, hi] of sortingNetwork(size)) {
      const x = keys[lo] as Value;
      const y = keys[hi] as Value;
      keys[lo] = b.binary('arith.minui', x, y);
      keys[hi] = b.binary('arith.maxui', x, y);
    }
    for (let k = size - 1; k >= 0; k--) b.store(keys[k] as Value, added, [slot[k] as Value]);
  }

  private addName(value: Value): string {
    return value.type.kind === 'float' ? 'arith.addf' : 'arith.addi';
  }
}
