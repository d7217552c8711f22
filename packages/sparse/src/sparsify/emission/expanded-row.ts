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
   * clears the entries it used. Few entries are sorted (insertion sort of the touched
   * coordinates); many are found by scanning the whole workspace, whichever costs less. `n`
   * is the workspace's entry count.
   */
  emitExpandEnd(b: Builder, idx: ReadonlyMap<string, Value>, n: Value): void {
    if (this.insertion.appendsEveryInsertion) {
      this.emitCompressAppend(b, idx, n);
      return;
    }
    const extent = this.ctx.size(this.insertion.lastIndex);
    const marks = this.marks();
    b.ifOp(
      this.scansMarks(b, n, marks.wordCount(b, extent)),
      [],
      (tb) => {
        marks.emitForEachMarked(tb, extent, [], (fb, j) => {
          this.drain(fb, idx, j);
          return [];
        });
        return [];
      },
      (eb) => {
        this.emitSort(eb, n);
        const added = this.ctx.arg(outputKeys.workspaceCoordinates);
        eb.forOp(this.ctx.c(0), n, this.ctx.c(1), [], (fb, t) => {
          const j = loadIndex(fb, added, t as Value);
          this.drain(fb, idx, j);
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
  private emitCompressAppend(b: Builder, idx: ReadonlyMap<string, Value>, n: Value): void {
    const { c } = this.ctx;
    const last = this.rank - 1;
    const extent = this.ctx.size(this.insertion.lastIndex);
    const added = this.ctx.arg(outputKeys.workspaceCoordinates);
    const crd = this.ctx.arg(outputKeys.coordinates(last));
    const values = this.ctx.arg(outputKeys.values);
    const marks = this.marks();
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
      const end = nb.ifOp(
        this.scansMarks(nb, n, marks.wordCount(nb, extent)),
        [index],
        (tb) => {
          // Where the row fits the storage (every call but a too-small first one), the
          // appends need no capacity checks.
          const room = tb.select(
            tb.cmpi('ult', this.ctx.length(crd), this.ctx.length(values)),
            this.ctx.length(crd),
            this.ctx.length(values),
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
          this.emitSort(eb, n);
          const loop = eb.forOp(c(0), n, c(1), [start], (fb, t, q) => {
            const j = loadIndex(fb, added, t as Value);
            marks.emitClearWordOf(fb, j);
            return [append(fb, j, q as Value, true)];
          });
          return [loop.results[0] as Value];
        },
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
   * Whether a row of `n` touched coordinates is drained by scanning its marks' `words`, or
   * (few coordinates in a wide row) by sorting the touched coordinates, whichever costs less.
   */
  private scansMarks(b: Builder, n: Value, words: Value): Value {
    return b.cmpi('ugt', b.muli(n, n), b.muli(words, this.ctx.c(4)));
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

  /** Insertion sort of the first `n` touched coordinates. */
  private emitSort(b: Builder, n: Value): void {
    const added = this.ctx.arg(outputKeys.workspaceCoordinates);
    const one = this.ctx.c(1);
    b.forOp(one, n, one, [], (fb, t) => {
      const key = fb.load(added, [t as Value]);
      const hole = fb.whileOp(
        [t as Value],
        [index],
        (wb, s) => {
          const positive = wb.cmpi('ugt', s as Value, this.ctx.c(0));
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

  private addName(value: Value): string {
    return value.type.kind === 'float' ? 'arith.addf' : 'arith.addi';
  }
}
