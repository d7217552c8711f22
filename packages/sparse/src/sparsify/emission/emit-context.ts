/**
 * Shared vocabulary of the loop emitter and its co-iteration loops: traversal state
 * (cursors, scopes), the description of one loop, and the IR helpers both use.
 */

import type { Builder, Value } from '@tilekit/loop-ir';
import { i64, index, stringAttr } from '@tilekit/loop-ir';
import type { LatticePoint } from '../planning/lattice-point.js';
import type { KernelParameter } from './kernel-parameter.js';

/** Marks loops the vectorizer may rewrite (MLIR's `LoopEmitter` loop attribute). */
export const EMITTED_FROM = Object.freeze({ 'Emitted from': stringAttr('linalg.generic') });

/** Where a sparse tensor's traversal stands: the next level to bind and its parent position. */
export interface Cursor {
  readonly level: number;
  readonly pos: Value;
  /** End of the position range below a non-unique level (COO segments). */
  readonly segEnd?: Value;
}

/** Everything bound at one point of the loop nest. */
export interface Scope {
  readonly b: Builder;
  readonly idx: ReadonlyMap<string, Value>;
  readonly cursors: ReadonlyMap<string, Cursor>;
  readonly loaded: ReadonlyMap<string, Value>;
  /** The scalarized reduction value, when one is being carried. */
  readonly red: Value | undefined;
}

/**
 * How a co-iteration loop picks the lattice case of each coordinate: `'select'` evaluates
 * every case and selects the present one's value where that is exact and safe (else it
 * branches), `'branch'` always dispatches with an `scf.if` chain.
 */
export type CaseDispatch = 'select' | 'branch';

/** The dense-range iterator of a loop (used when some lattice point has no sparse operand). */
export const UNIVERSE = '';

/** What one loop of the nest needs while its lattice points are emitted. */
export interface LoopInfo {
  readonly v: string;
  readonly depth: number;
  readonly iters: readonly string[];
  readonly cases: readonly LatticePoint[];
  readonly bounds: ReadonlyMap<string, { lo: Value; hi: Value }>;
  readonly resume: Map<string, Value>;
}

/** The key under which a parameter's argument value is stored. */
export function parameterKey(p: KernelParameter): string {
  switch (p.kind) {
    case 'size':
      return `size:${p.index}`;
    case 'positions':
    case 'coordinates':
      return `${p.kind}:${p.tensor}:${p.level}`;
    case 'output-positions':
    case 'output-coordinates':
      return `${p.kind}:${p.level}`;
    case 'output-values':
    case 'output-state':
    case 'workspace-values':
    case 'workspace-filled':
    case 'workspace-coordinates':
      return p.kind;
    default:
      return `${p.kind}:${p.tensor}`;
  }
}

/**
 * Loads a position or coordinate as `index`, widening as MLIR does: `arith.extui` to `i64`
 * then `arith.index_cast` (64-bit storage needs only the cast, `index` storage neither).
 */
export function loadIndex(b: Builder, memref: Value, at: Value): Value {
  const raw = b.load(memref, [at]);
  const t = raw.type;
  if (t.kind === 'index') return raw;
  const wide = t.kind === 'integer' && t.width < 64 ? b.cast('arith.extui', raw, i64) : raw;
  return b.cast('arith.index_cast', wide, index);
}

export function wrap(v: Value | undefined): Value[] {
  return v === undefined ? [] : [v];
}

/** Where one step of a loop stands: its coordinate and the present iterators' positions. */
export interface LoopStep {
  /** The current coordinate (with several iterators, the least of theirs). */
  readonly coordinate: Value;
  /** Each present iterator's current position. */
  readonly positions: ReadonlyMap<string, Value>;
  /** End of the position range below a non-unique level (COO segments), where one is walked. */
  readonly segEnd?: Value;
}

/** One step of a co-iteration loop that selects its case (see `genSelectedCase`). */
export interface SelectedStep extends LoopStep {
  /** Picks the present case's value from every case's value, in case order. */
  readonly choose: (values: readonly Value[]) => Value;
  /** The output's entry count the loop carries (see `insertionCounter`), if it does. */
  readonly count?: Value;
}

/** What the co-iteration loops need from the emitter. */
export interface LoopBodyEmitter {
  /** Binds the loop index and present tensors' positions at `step`, then emits the case's body. */
  genCase(s: Scope, loop: LoopInfo, point: LatticePoint, step: LoopStep): Value | undefined;
  /**
   * Whether every case of the co-iteration `loop` may be evaluated at each step and one of
   * them selected: `loop` walks sparse iterators only, every combination of present
   * iterators has a case, no case opens a nested loop, each ends in one plain statement (a
   * dense store, an insertion or a carried reduction), and evaluating a case whose operands
   * are not the present ones cannot trap (no integer division).
   */
  canSelectCases(loop: LoopInfo): boolean;
  /**
   * Binds every case's operands at once (all iterators are in range inside the loop),
   * evaluates each case's value, and emits the one statement on the value `step.choose`
   * picks; returns the carried reduction, if any, or with `step.count` the entry count after
   * the append.
   */
  genSelectedCase(s: Scope, loop: LoopInfo, step: SelectedStep): Value | undefined;
  /**
   * Where the statement of a selecting loop (with no carried reduction) appends to the
   * output's last level on every step, how the loop carries that level's entry count in a
   * register: loaded before it, passed to {@link genSelectedCase} (which then returns the
   * next count), stored after it. `undefined` where the count stays in memory.
   */
  insertionCounter(
    s: Scope,
  ): { load(b: Builder): Value; store(b: Builder, count: Value): void } | undefined;
  /** Loads the coordinate at `pos` of `tensor`'s current level. */
  loadCoordinate(b: Builder, tensor: string, s: Scope, pos: Value): Value;
  /** The hoisted `index` constant `n`. */
  c(n: number): Value;
  /** Whether iterator `k` walks a non-unique (COO) level. */
  isNonUnique(s: Scope, k: string): boolean;
}
