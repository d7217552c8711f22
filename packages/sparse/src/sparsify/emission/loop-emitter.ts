/**
 * The sparse loop emitter: walks the loop order of a {@link KernelPlan} and, at each loop,
 * emits one loop per iteration-lattice point (MLIR's `genStmt`/`genLoop`): a `scf.for` over a
 * dense range or over one compressed level's positions, or a `scf.while` that co-iterates
 * several sparse levels and dispatches on which of them hold the current coordinate.
 * Reductions whose output element is fixed are carried in registers (`iter_args`), as MLIR's
 * sparsifier scalarizes them.
 */
import type { Builder, Value } from '@tilekit/loop-ir';
import { levelAt } from '../../sparse-tensor/format.js';
import type { Expr } from '../planning/expression.js';
import type { KernelPlan } from '../planning/kernel-plan.js';
import { buildLattice, casesOf, optimizeLattice } from '../planning/lattice.js';
import type { LatticePoint } from '../planning/lattice-point.js';
import { nodesOf } from '../planning/notation.js';
import { type AssemblyPlan, hasAssembly, type OutputAssembly } from '../planning/output-plan.js';
import { AssemblyState } from './assembly-state.js';
import { genSegmentLoop, genWhileLoop } from './co-iteration.js';
import { emitCountingScatter } from './counting-scatter.js';
import type { EmissionBudget } from './emission-budget.js';
import {
  type CaseDispatch,
  type Cursor,
  EMITTED_FROM,
  type LoopBodyEmitter,
  type LoopInfo,
  type LoopStep,
  type Scope,
  type SelectedStep,
  UNIVERSE,
} from './emit-context.js';
import { emitCombine, emitExpression } from './emit-expression.js';
import { ExpandedRow } from './expanded-row.js';
import { KernelEntry } from './kernel-entry.js';
import type { KernelParameter } from './kernel-parameter.js';
import { scalarTypeOf } from './kernel-signature.js';
import { emitLocatedRead } from './located-access.js';
import { OperandCursors } from './operand-cursors.js';
import { OutputInsertion } from './output-insertion.js';

/** The value of a term where every operand is absent (an implicit zero). */
const ZERO_TERM: Expr = { kind: 'const', value: 0 };

/** Emits the body of one kernel function. */
export class LoopEmitter implements LoopBodyEmitter {
  private readonly plan: KernelPlan;
  private readonly entry: KernelEntry;
  private readonly operands: OperandCursors;
  /** How a formatted output is written (`undefined` for a plain dense output). */
  private readonly assembly: OutputAssembly | undefined;
  /** The insertions of a formatted output assembled by the loops. */
  private readonly insertion: OutputInsertion | undefined;
  /** The workspace of an expanded output. */
  private readonly expandedRow: ExpandedRow | undefined;
  /** The index variable after whose loops the output's parent end position is stored. */
  private readonly parentEndIndex: string | undefined;

  /** How co-iteration loops pick their lattice case (see {@link CaseDispatch}). */
  private readonly caseDispatch: CaseDispatch;
  /** What the function's loop nests may still emit (shared by all its nests). */
  private readonly budget: EmissionBudget;
  /** The loops store every element of the dense output once: no zero fill first. */
  private readonly overwritesOutput: boolean;
  /**
   * For a `min`/`max` reduction, whether every reduced index has a non-zero extent (an `i1`
   * at the function entry): only then do implicit zeros exist to take part.
   */
  private reducesSomething: Value | undefined;
  /**
   * The output's last-level entry count while the innermost loops carry it in a register
   * (see {@link carriesCountAt}): the value current at the point being emitted, advanced by
   * each insertion and by each loop that carries it.
   */
  private carriedCount: Value | undefined;

  constructor(
    plan: KernelPlan,
    params: readonly KernelParameter[],
    args: readonly Value[],
    top: Builder,
    budget: EmissionBudget,
    caseDispatch: CaseDispatch = 'select',
  ) {
    this.plan = plan;
    this.budget = budget;
    this.caseDispatch = caseDispatch;
    this.entry = new KernelEntry(top, scalarTypeOf(plan.valueType), params, args);
    this.operands = new OperandCursors(plan.inputs, this.entry);
    const assembly = hasAssembly(plan) ? plan.assembly : undefined;
    this.assembly = assembly;
    if (assembly !== undefined && assembly.strategy !== 'in-place') {
      const ctx = this.entry.assemblyContext();
      const state = new AssemblyState(ctx);
      const insertion = new OutputInsertion(ctx, state, assembly);
      this.insertion = insertion;
      if (assembly.strategy === 'expand') {
        this.expandedRow = new ExpandedRow(ctx, state, insertion, assembly);
      }
    }
    this.parentEndIndex = this.insertion?.deferParentPositions(plan.loopOrder);
    this.overwritesOutput = this.storesEveryOutputElementOnce();
  }

  /** Emits the zero fill (for `=`) and the loop nest; returns nothing (the output is a memref). */
  emit(): void {
    if (this.assembly?.strategy === 'scatter') {
      emitCountingScatter(this.plan as AssemblyPlan, this.entry);
      return;
    }
    const cursors = new Map<string, Cursor>();
    for (const t of this.plan.inputs) {
      if (t.format !== undefined && t.subscripts === undefined) {
        cursors.set(t.name, { level: 0, pos: this.c(0) });
      }
    }
    if (this.plan.reducer !== 'sum') {
      this.reducesSomething = [...this.plan.reductions]
        .map((v) => this.entry.top.cmpi('ugt', this.entry.size(v), this.c(0)))
        .reduce((all, x) => this.entry.top.binary('arith.andi', all, x));
    }
    if (this.plan.notation.op === '=' && this.assembly === undefined && !this.overwritesOutput) {
      this.emitZeroFill();
    }
    this.insertion?.emitInit(this.entry.top);
    const scope: Scope = {
      b: this.entry.top,
      idx: new Map(),
      cursors,
      loaded: new Map(),
      red: undefined,
    };
    this.genLoops(scope, 0, this.plan.notation.rhs);
    this.insertion?.emitFinalize(this.entry.top);
  }

  /**
   * Whether the loops store every element of a dense `=` output exactly once, from the
   * expression's value alone, so that no zero fill must come first (the fill is a loop nest of
   * its own: a pass of its own on the GPU backends). That holds when every output index is
   * iterated as a whole dense range (each operand holds it at a dense level, so no coordinate is
   * skipped) and no reduction loop encloses an output index's loop (so no element is visited
   * twice); a reduction then starts from zero instead of the element it would load.
   */
  private storesEveryOutputElementOnce(): boolean {
    const { notation, output, loopOrder, reductions } = this.plan;
    if (notation.op !== '=' || this.assembly !== undefined) return false;
    const lastOutputLoop = Math.max(-1, ...output.indices.map((i) => loopOrder.indexOf(i)));
    if (loopOrder.slice(0, lastOutputLoop + 1).some((v) => reductions.has(v))) return false;
    return output.indices.every((i) =>
      this.operands
        .plans()
        .every(
          (t) =>
            t.format === undefined ||
            !t.levelIndices.includes(i) ||
            levelAt(t.format, t.levelIndices.indexOf(i)).iteration === 'range',
        ),
    );
  }

  /**
   * `linalg.fill` lowered to loops: the output starts from zero when it is overwritten. An
   * element a `min`/`max` reduction never reaches has only implicit zeros to reduce, so zero is
   * its value too, unless a reduced extent is 0 (no term at all: the identity).
   */
  private emitZeroFill(): void {
    const out = this.entry.arg('output', this.plan.output.name);
    const zero =
      this.reducesSomething === undefined
        ? this.entry.zero()
        : this.entry.top.select(
            this.reducesSomething,
            this.entry.zero(),
            this.entry.identity(this.plan.reducer),
          );
    const dims = this.plan.output.indices.map((i) => this.entry.size(i));
    const nest = (b: Builder, d: number, ivs: Value[]): void => {
      if (d === dims.length) {
        b.store(zero, out, ivs);
        return;
      }
      b.forOp(this.c(0), dims[d] as Value, this.c(1), [], (inner, iv) => {
        nest(inner, d + 1, [...ivs, iv as Value]);
        return [];
      });
    };
    nest(this.entry.top, 0, []);
  }

  /**
   * The loops from `depth` inward. For an expanded output, the loops below its
   * second-to-last level fill one workspace, appended to the output when they end.
   */
  private genLoops(s: Scope, depth: number, expr: Expr): Value | undefined {
    const expand =
      this.assembly?.strategy === 'expand' && depth === this.assembly.expandDepth
        ? this.expandedRow
        : undefined;
    if (expand === undefined) return this.genLoopLevel(s, depth, expr);
    // No reduction is carried below the workspace (it is updated per term), so the loops
    // carry the workspace's entry count in the reduction's place.
    const count = this.genLoopLevel({ ...s, red: expand.emitExpandBegin() }, depth, expr);
    expand.emitExpandEnd(s.b, s.idx, count as Value);
    return undefined;
  }

  /**
   * The loop over index `depth` of the loop order, one loop per lattice point, and what
   * follows it: the implicit zero a counted `min`/`max` misses, the output's parent end, the
   * store of a reduction that started here.
   */
  private genLoopLevel(s: Scope, depth: number, expr: Expr): Value | undefined {
    const order = this.plan.loopOrder;
    if (depth === order.length) return this.genStmt(s, expr);
    const v = order[depth] as string;
    const startsReduction = this.startsReduction(s, v);
    const start = startsReduction ? this.reductionStart(s) : s.red;
    const { points, countedBy } = this.latticeOf(s, v, expr, start !== undefined);
    const bounds = new Map<string, { lo: Value; hi: Value }>();
    const carrying = start === undefined && this.carriesCountAt(s, depth, points);
    // An enclosing loop's carried count reaches loops that cannot carry it through the state.
    const enclosing = this.carriedCount;
    const spills = enclosing !== undefined && !carrying;
    if (spills) {
      this.insertion?.emitStoreCount(s.b, enclosing);
      this.carriedCount = undefined;
    }
    const starts = carrying && enclosing === undefined;
    if (starts) this.carriedCount = this.insertion?.emitLoadCount(s.b);
    let red = this.genPointLoops(s, depth, points, bounds, start);
    const count = this.carriedCount;
    if (starts && count !== undefined) this.insertion?.emitStoreCount(s.b, count);
    if (starts) this.carriedCount = undefined;
    if (countedBy !== undefined) {
      const { lo, hi } = bounds.get(countedBy) as { lo: Value; hi: Value };
      const missesSome = s.b.binary(
        'arith.andi',
        s.b.cmpi('ult', s.b.subi(hi, lo), this.entry.size(v)),
        this.reducesSomething as Value,
      );
      const r = red as Value;
      red = s.b.select(missesSome, this.combine(s.b, r, this.entry.zero()), r);
    }
    if (v === this.parentEndIndex) this.insertion?.emitParentEnd(s.b, s.idx, count);
    if (startsReduction && this.insertion === undefined) {
      s.b.store(red as Value, this.entry.arg('output', this.plan.output.name), this.outIndices(s));
    } else if (startsReduction) {
      this.insertion?.emitInsert(s.b, s.idx, red as Value, true);
    }
    if (spills) this.carriedCount = this.insertion?.emitLoadCount(s.b);
    return startsReduction ? s.red : red;
  }

  /**
   * Whether a reduction starts at the loop over `v`: the first reduced index once every output
   * index is bound. A workspace is updated per term, so an expanded output carries none.
   */
  private startsReduction(s: Scope, v: string): boolean {
    return (
      s.red === undefined &&
      this.assembly?.strategy !== 'expand' &&
      this.plan.reductions.has(v) &&
      this.plan.output.indices.every((i) => s.idx.has(i))
    );
  }

  /**
   * The value a reduction starts from. Into a dense output, the output's element, which is the
   * fill's zero for `=` (or that zero itself where no fill was emitted); a `min`/`max`
   * reduction (only ever of a `=` stage) from its identity.
   */
  private reductionStart(s: Scope): Value {
    if (this.plan.reducer !== 'sum') return this.entry.identity(this.plan.reducer);
    if (this.insertion === undefined && !this.overwritesOutput) {
      return s.b.load(this.entry.arg('output', this.plan.output.name), this.outIndices(s));
    }
    return this.entry.zero();
  }

  /**
   * The lattice points of `expr` at the loop over `v`. The loop leaves out the coordinates where
   * the expression is zero: a sum need not see them, a `min`/`max` (`reducing`) must (MLIR's
   * semantics: the implicit zeros take part). With one compressed level alone, its positions
   * count the coordinates visited (`countedBy`), so one zero is folded in after the loop when
   * they are fewer than the extent (MLIR's stated plan for this case; MLIR itself visits every
   * coordinate). Anything else visits every coordinate (an extra point with no sparse operand,
   * where the expression is zero).
   */
  private latticeOf(
    s: Scope,
    v: string,
    expr: Expr,
    reducing: boolean,
  ): { points: LatticePoint[]; countedBy: string | undefined } {
    const points = optimizeLattice(buildLattice(expr, (t) => this.operands.participation(s, t, v)));
    this.budget.spend(points);
    const implicitZeros =
      reducing && this.plan.reducer !== 'sum' && !points.some((p) => p.sparse.size === 0);
    const countedBy =
      implicitZeros && points.length === 1 && points[0]?.sparse.size === 1
        ? ([...(points[0] as LatticePoint).sparse][0] as string)
        : undefined;
    if (implicitZeros && countedBy === undefined) {
      return {
        points: [...points, { sparse: new Set(), dense: new Set(), expr: ZERO_TERM }],
        countedBy,
      };
    }
    return { points, countedBy };
  }

  /**
   * Whether the loops over the innermost index `loopOrder[depth]` carry the output's entry
   * count in a register from the first to the last of them (loaded once before, stored once
   * after), instead of loading and storing it in the state memref at every insertion: where
   * every insertion appends (see `OutputInsertion.carriesCount`), no reduction is carried,
   * and every loop there is one whose insertions can take the carried count: a loop over one
   * iterator, or a co-iteration loop that selects its case (which carries it already).
   */
  private carriesCountAt(s: Scope, depth: number, points: readonly LatticePoint[]): boolean {
    if (s.red !== undefined || this.insertion?.carriesCount !== true) return false;
    if (depth + 1 !== this.plan.loopOrder.length) {
      return this.carriesAcrossParents(s, depth, points);
    }
    const v = this.plan.loopOrder[depth] as string;
    return points.every((point) => {
      const cases = casesOf(points, point);
      const iters = [
        ...point.sparse,
        ...(cases.some((c) => c.sparse.size === 0) ? [UNIVERSE] : []),
      ];
      if (iters.length === 1) return !this.isNonUnique(s, iters[0] as string);
      return this.canSelectCases({ v, depth, iters, cases, bounds: new Map(), resume: new Map() });
    });
  }

  /**
   * Whether the loop over `loopOrder[depth]`, above the innermost one, carries the output's
   * entry count from one visit of the loops inside it to the next (one load before it, one
   * store after it, none per parent): where nothing is reduced (every insertion is a
   * statement of the innermost loops) and every loop there is an `scf.for` over one iterator,
   * which passes the count as its value, and the loops inside carry it too (else it would
   * only go through the state there once more: stored before them, loaded after).
   */
  private carriesAcrossParents(s: Scope, depth: number, points: readonly LatticePoint[]): boolean {
    if (this.plan.reductions.size !== 0 || depth + 1 >= this.plan.loopOrder.length) return false;
    return points.every((point) => {
      const cases = casesOf(points, point);
      const iters = [
        ...point.sparse,
        ...(cases.some((c) => c.sparse.size === 0) ? [UNIVERSE] : []),
      ];
      if (iters.length !== 1 || this.isNonUnique(s, iters[0] as string)) return false;
      // The scope inside this loop's step, as far as the lattice inside depends on it: the
      // cursors of the operands the step binds, one level down.
      const cursors = new Map(s.cursors);
      for (const t of [...point.sparse, ...point.dense]) {
        const c = cursors.get(t);
        if (c !== undefined) cursors.set(t, { ...c, level: c.level + 1 });
      }
      const inner: Scope = { ...s, cursors };
      const v = this.plan.loopOrder[depth + 1] as string;
      const { points: innerPoints } = this.latticeOf(inner, v, point.expr, false);
      return this.carriesCountAt(inner, depth + 1, innerPoints);
    });
  }

  /**
   * One loop per lattice point (MLIR's `genLoop`), each resuming where the loops before it left
   * its iterators; a point whose iterator an earlier single-iterator loop exhausted is skipped.
   * `bounds` receives each iterator's bounds; returns the carried reduction.
   */
  private genPointLoops(
    s: Scope,
    depth: number,
    points: readonly LatticePoint[],
    bounds: Map<string, { lo: Value; hi: Value }>,
    start: Value | undefined,
  ): Value | undefined {
    const v = this.plan.loopOrder[depth] as string;
    let red = start;
    const resume = new Map<string, Value>();
    const exhausted = new Set<string>();
    for (const point of points) {
      const cases = casesOf(points, point);
      const iters = [
        ...point.sparse,
        ...(cases.some((c) => c.sparse.size === 0) ? [UNIVERSE] : []),
      ];
      if (iters.some((k) => exhausted.has(k))) continue;
      for (const k of iters) {
        if (!bounds.has(k)) {
          const bound = this.operands.iteratorBounds(s, k, v);
          bounds.set(k, bound);
          resume.set(k, bound.lo);
        }
      }
      const inner: Scope = { ...s, red };
      const loop = { v, depth, iters, cases, bounds, resume };
      if (iters.length === 1) {
        const only = iters[0] as string;
        red = this.isNonUnique(s, only)
          ? genSegmentLoop(this, inner, loop)
          : this.genForLoop(inner, loop);
        exhausted.add(only);
      } else {
        red = genWhileLoop(this, inner, loop);
      }
    }
    return red;
  }

  /** A single iterator: `scf.for` over a dense range or one level's positions. */
  private genForLoop(s: Scope, loop: LoopInfo): Value | undefined {
    const k = loop.iters[0] as string;
    const { hi } = loop.bounds.get(k) as { hi: Value };
    this.operands.hoistDenseBases(s, loop, loop.cases[0] as LatticePoint);
    // A carried entry count (never together with a reduction) goes round as the loop's value.
    const count = this.carriedCount;
    const carried = s.red ?? count;
    const op = s.b.forOp(
      loop.resume.get(k) as Value,
      hi,
      this.c(1),
      carried === undefined ? [] : [carried],
      (b, iv, value) => {
        const at = iv as Value;
        const coordinate = k === UNIVERSE ? at : this.loadCoordinate(b, k, s, at);
        const red = count === undefined ? value : undefined;
        if (count !== undefined) this.carriedCount = value;
        const result = this.genCase({ ...s, b, red }, loop, loop.cases[0] as LatticePoint, {
          coordinate,
          positions: new Map([[k, at]]),
        });
        const next = count === undefined ? result : this.carriedCount;
        return next === undefined ? [] : [next];
      },
      EMITTED_FROM,
    );
    if (count === undefined) return op.results[0];
    this.carriedCount = op.results[0];
    return undefined;
  }

  /** Binds the loop index and the present tensors' positions, loads ready values, recurses. */
  genCase(s: Scope, loop: LoopInfo, point: LatticePoint, step: LoopStep): Value | undefined {
    const inner = this.operands.bindCases(s, loop, [point], step);
    return this.genLoops(inner, loop.depth + 1, point.expr);
  }

  canSelectCases(loop: LoopInfo): boolean {
    if (this.caseDispatch === 'branch') return false;
    if (loop.iters.includes(UNIVERSE)) return false;
    if (loop.depth + 1 !== this.plan.loopOrder.length) return false;
    if (this.assembly !== undefined && this.assembly.strategy !== 'insert') return false;
    if (loop.cases.length !== 2 ** loop.iters.length - 1) return false;
    if (this.entry.element.kind === 'float') return true;
    return loop.cases.every(
      (point) => !nodesOf(point.expr).some((n) => n.kind === 'binary' && n.op === '/'),
    );
  }

  genSelectedCase(s: Scope, loop: LoopInfo, step: SelectedStep): Value | undefined {
    const inner = this.operands.bindCases(s, loop, loop.cases, step);
    const value = step.choose(loop.cases.map((point) => this.evaluate(inner, point.expr)));
    if (step.count !== undefined && this.insertion !== undefined) {
      return this.insertion.emitInsert(inner.b, inner.idx, value, false, step.count);
    }
    return this.genStmtOf(inner, value);
  }

  insertionCounter(
    s: Scope,
  ): { load(b: Builder): Value; store(b: Builder, count: Value): void } | undefined {
    const insertion = this.insertion;
    if (s.red !== undefined || insertion === undefined || !insertion.carriesCount) return undefined;
    if (this.carriedCount !== undefined) {
      return {
        load: () => this.carriedCount as Value,
        store: (_, count) => {
          this.carriedCount = count;
        },
      };
    }
    return {
      load: (b) => insertion.emitLoadCount(b),
      store: (b, count) => insertion.emitStoreCount(b, count),
    };
  }

  /** The innermost statement: fold into the carried reduction or update the output. */
  private genStmt(s: Scope, expr: Expr): Value | undefined {
    return this.genStmtOf(s, this.evaluate(s, expr));
  }

  /** The innermost statement on an evaluated `value`. */
  private genStmtOf(s: Scope, value: Value): Value | undefined {
    if (this.assembly?.strategy === 'expand') {
      return this.expandedRow?.emitWorkspaceUpdate(s.b, s.idx, value, s.red as Value);
    }
    if (s.red !== undefined) return this.combine(s.b, s.red, value);
    if (this.assembly !== undefined) {
      this.storeFormatted(s, value);
      return undefined;
    }
    const out = this.entry.arg('output', this.plan.output.name);
    const at = this.outIndices(s);
    if (this.plan.notation.op === '=' && this.plan.reductions.size === 0) {
      s.b.store(value, out, at);
    } else {
      s.b.store(this.combine(s.b, s.b.load(out, at), value), out, at);
    }
    return undefined;
  }

  /** The statement of a formatted output: an insertion or an in-place store. */
  private storeFormatted(s: Scope, value: Value): void {
    const assembly = this.assembly as OutputAssembly;
    if (assembly.strategy === 'in-place') {
      const x = this.plan.output.name;
      s.b.store(value, this.entry.arg('values', x), [(s.cursors.get(x) as Cursor).pos]);
    } else if (this.carriedCount !== undefined) {
      this.carriedCount = this.insertion?.emitInsert(s.b, s.idx, value, false, this.carriedCount);
    } else {
      this.insertion?.emitInsert(s.b, s.idx, value, false);
    }
  }

  private evaluate(s: Scope, e: Expr): Value {
    return emitExpression(
      {
        b: s.b,
        element: this.entry.element,
        access: (a) =>
          a.indices.length === 0
            ? this.entry.arg('scalar', a.tensor)
            : (s.loaded.get(a.tensor) ?? this.locate(s, a.tensor)),
        index: (i) => s.idx.get(i) as Value,
        constant: (x) => this.entry.constant(x),
      },
      e,
    );
  }

  private combine(b: Builder, acc: Value, value: Value): Value {
    return emitCombine(b, this.entry.element, this.plan.notation.op, this.plan.reducer, acc, value);
  }

  /** The element of a located operand (see located-access.ts) at the bound indices. */
  private locate(s: Scope, tensor: string): Value {
    return emitLocatedRead(s.b, this.operands.plan(tensor), s.idx, {
      arg: (kind, level) => this.entry.arg(kind, tensor, level),
      c: (n) => this.c(n),
      zero: this.entry.zero(),
      element: this.entry.element,
    });
  }

  isNonUnique(s: Scope, k: string): boolean {
    return this.operands.isNonUnique(s, k);
  }

  loadCoordinate(b: Builder, tensor: string, s: Scope, pos: Value): Value {
    return this.operands.loadCoordinate(b, tensor, s, pos);
  }

  private outIndices(s: Scope): Value[] {
    return this.plan.output.indices.map((i) => s.idx.get(i) as Value);
  }

  c(n: number): Value {
    return this.entry.c(n);
  }
}
