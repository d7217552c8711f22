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
import { WorkspaceMarks } from './workspace-marks.js';

/** Rows of at most this many touched coordinates are sorted (see `emitInOrder`). */
const SORTED_AT_MOST = 16;

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
   * `inits`), leaving the marks clear, by whichever costs least: a few coordinates sorted in
   * place (a branch-free insertion sort, whose steps do not depend on the data); a row that
   * touched at least as many coordinates as the marks have words, by reading every word; any
   * other through the marks' summary (workspace-marks.ts), which reads only the words that
   * hold marks. Sorting a row of a few dozen coordinates costs more than the summary: the
   * branching insertion sort it replaces mispredicted once per coordinate.
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
            this.emitSort(tb, n);
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
   * Sorts the first `n` touched coordinates in place, an insertion sort without branches on
   * the data: inserting `key` into the sorted `s[0..t)` makes `s[j]` the `j`-th smallest of
   * both, `min(max(s[j-1], key), s[j])` (`max(s[t-1], key)` at `t`, `min(s[0], key)` at 0),
   * written from the top down so that each step reads values not yet moved.
   */
  private emitSort(b: Builder, n: Value): void {
    const added = this.ctx.arg(outputKeys.workspaceCoordinates);
    const one = this.ctx.c(1);
    b.forOp(one, n, one, [], (fb, t) => {
      const key = fb.load(added, [t as Value]);
      const below = fb.load(added, [fb.subi(t as Value, one)]);
      fb.store(fb.binary('arith.maxui', below, key), added, [t as Value]);
      const lowest = fb.forOp(one, t as Value, one, [below], (lb, u, upper) => {
        const j = lb.subi(t as Value, u as Value);
        const lower = lb.load(added, [lb.subi(j, one)]);
        const raised = lb.binary('arith.maxui', lower, key);
        lb.store(lb.binary('arith.minui', raised, upper as Value), added, [j]);
        return [lower];
      });
      fb.store(fb.binary('arith.minui', lowest.results[0] as Value, key), added, [this.ctx.c(0)]);
      return [];
    });
  }

  private addName(value: Value): string {
    return value.type.kind === 'float' ? 'arith.addf' : 'arith.addi';
  }
}
