/**
 * Where each operand's traversal stands in the loop nest: which operands a loop iterates
 * (sparse) or locates (dense), the bounds of their iterators, and the binding of their next
 * level when a loop step finds them present, with the values that become readable then.
 */
import type { Builder, Value } from '@tilekit/loop-ir';
import { levelAt, type SparseFormat } from '../../sparse-tensor/format.js';
import type { LevelFormat } from '../../sparse-tensor/levels/level-format.js';
import type { TensorPlan } from '../planning/kernel-plan.js';
import type { LatticePoint, Participation } from '../planning/lattice-point.js';
import { accessesOf } from '../planning/notation.js';
import {
  type Cursor,
  type LoopInfo,
  type LoopStep,
  loadIndex,
  type Scope,
  UNIVERSE,
} from './emit-context.js';
import type { KernelEntry } from './kernel-entry.js';

/** The operands of one kernel and their cursors' moves. */
export class OperandCursors {
  private readonly tensors: ReadonlyMap<string, TensorPlan>;
  private readonly entry: KernelEntry;
  /**
   * A dense level's `parent * size`, by parent position and loop index, computed before the loop
   * over that level (as MLIR's sparsifier does), so that the position inside is `base + i`: an
   * (invariant + induction) subscript, which the vectorizer makes a contiguous vector access.
   */
  private readonly denseBases = new Map<Value, Map<string, Value>>();

  constructor(operands: readonly TensorPlan[], entry: KernelEntry) {
    this.tensors = new Map(operands.map((t) => [t.name, t]));
    this.entry = entry;
  }

  /**
   * Computes, at scope `s` (before the loop over `loop.v` opens), the base position of each
   * dense level `point` locates in that loop below another level, for {@link bindCases}.
   */
  hoistDenseBases(s: Scope, loop: LoopInfo, point: LatticePoint): void {
    for (const t of point.dense) {
      const c = s.cursors.get(t);
      if (c === undefined || c.level === 0) continue;
      const bases = this.denseBases.get(c.pos) ?? new Map<string, Value>();
      if (!bases.has(loop.v)) bases.set(loop.v, s.b.muli(c.pos, this.entry.size(loop.v)));
      this.denseBases.set(c.pos, bases);
    }
  }

  /** The plan of operand `tensor`. */
  plan(tensor: string): TensorPlan {
    return this.tensors.get(tensor) as TensorPlan;
  }

  /** Every operand's plan. */
  plans(): TensorPlan[] {
    return [...this.tensors.values()];
  }

  /** How `tensor` takes part in the loop over `v` at scope `s`, if it does. */
  participation(s: Scope, tensor: string, v: string): Participation | undefined {
    const t = this.plan(tensor);
    // Located at each element: present wherever its index variables are, like a dense operand.
    if (t.subscripts !== undefined) {
      return t.subscripts.some((x) => x.terms.some((term) => term.index === v))
        ? 'dense'
        : undefined;
    }
    if (t.format === undefined) return t.indices.includes(v) ? 'dense' : undefined;
    const c = s.cursors.get(tensor) as Cursor;
    if (t.levelIndices[c.level] !== v) return undefined;
    return levelAt(t.format, c.level).iteration === 'range' ? 'dense' : 'sparse';
  }

  /** Whether iterator `k` walks a non-unique (COO) level. */
  isNonUnique(s: Scope, k: string): boolean {
    return k !== UNIVERSE && !this.level(s, k).unique;
  }

  /** `[lo, hi)` of an iterator: a dense range, or the segment its level object bounds. */
  iteratorBounds(s: Scope, k: string, v: string): { lo: Value; hi: Value } {
    const entry = this.entry;
    if (k === UNIVERSE) return { lo: entry.c(0), hi: entry.size(v) };
    const c = s.cursors.get(k) as Cursor;
    const level = this.level(s, k);
    return level.emitSegment({
      b: s.b,
      c: (n) => entry.c(n),
      load: (memref, at) => loadIndex(s.b, memref, at),
      positions: level.hasPositions ? entry.arg('positions', k, c.level) : undefined,
      parent: c.level === 0 ? undefined : c.pos,
      segmentEnd: c.segEnd,
    });
  }

  /** Loads the coordinate at `pos` of `tensor`'s current level. */
  loadCoordinate(b: Builder, tensor: string, s: Scope, pos: Value): Value {
    const level = (s.cursors.get(tensor) as Cursor).level;
    return loadIndex(b, this.entry.arg('coordinates', tensor, level), pos);
  }

  /**
   * Binds the loop index and the positions of the operands of `points` at `step`, and loads
   * the values their expressions read that are now reachable.
   */
  bindCases(s: Scope, loop: LoopInfo, points: readonly LatticePoint[], step: LoopStep): Scope {
    const { b } = s;
    const { coordinate, positions, segEnd } = step;
    const idx = new Map(s.idx).set(loop.v, coordinate);
    const cursors = new Map(s.cursors);
    const bound = new Set<string>();
    for (const point of points) {
      for (const t of point.sparse) {
        if (bound.has(t)) continue;
        bound.add(t);
        const c = cursors.get(t) as Cursor;
        cursors.set(t, {
          level: c.level + 1,
          pos: positions.get(t) as Value,
          ...(segEnd === undefined ? {} : { segEnd }),
        });
      }
      for (const t of point.dense) {
        const c = cursors.get(t);
        if (c === undefined || bound.has(t)) continue;
        bound.add(t);
        const base = () =>
          this.denseBases.get(c.pos)?.get(loop.v) ?? b.muli(c.pos, this.entry.size(loop.v));
        const pos = c.level === 0 ? coordinate : b.addi(base(), coordinate);
        cursors.set(t, { level: c.level + 1, pos });
      }
    }
    const loaded = new Map(s.loaded);
    for (const a of points.flatMap((point) => accessesOf(point.expr))) {
      if (loaded.has(a.tensor) || a.indices.length === 0) continue;
      const t = this.plan(a.tensor);
      // An operand read through affine subscripts is located where the value is used.
      if (t.subscripts !== undefined) continue;
      const c = cursors.get(a.tensor);
      if (t.format !== undefined && c?.level === t.format.levels.length) {
        loaded.set(a.tensor, b.load(this.entry.arg('values', a.tensor), [c.pos]));
      } else if (t.format === undefined && a.indices.every((i) => idx.has(i))) {
        loaded.set(
          a.tensor,
          b.load(
            this.entry.arg('dense', a.tensor),
            a.indices.map((i) => idx.get(i) as Value),
          ),
        );
      }
    }
    return { b, idx, cursors, loaded, red: s.red };
  }

  /** The level object of the level `tensor`'s cursor is at. */
  private level(s: Scope, tensor: string): LevelFormat {
    const t = this.plan(tensor);
    return levelAt(t.format as SparseFormat, (s.cursors.get(tensor) as Cursor).level);
  }
}
