/**
 * The context shared by the analyse/codegen walkers. MLIR runs `vectorizeStmt` twice, first
 * with `codegen = false` to analyse and then, only on success, with `codegen = true` to
 * rewrite; every rule is one function serving both modes, so the two cannot disagree.
 * Here the mode is the presence of {@link Codegen}.
 */
import type { Builder, Value } from '@tilekit/loop-ir';
import type { LoopView } from './loop-view.js';
import type { VL } from './options.js';

/** What code generation needs; absent in analysis mode. */
export interface Codegen {
  /** Appends to the vector loop body. */
  readonly b: Builder;
  /** The iteration mask every memory access and the reduction select use. */
  readonly vmask: Value;
  /** The induction variable of the vector loop (the scalar one when updated in place). */
  readonly iv: Value;
  /** The vector accumulator of a rebuilt reduction loop. */
  readonly accumulator: Value | undefined;
}

/** One walk over a loop body, in analysis (`gen === undefined`) or codegen mode. */
export interface Walk {
  readonly view: LoopView;
  readonly vl: VL;
  readonly gen: Codegen | undefined;
  /**
   * Memrefs the walk reads or writes contiguously (masked load/store), collected in both
   * modes for the unit-stride guard (fix 3), which runs after MLIR's own analysis.
   */
  readonly contiguous: Value[];
}

/**
 * Scalar values the vector loop refers to: the scalar induction variable becomes the vector
 * loop's (a rebuilt reduction loop has a new one); everything else is defined outside.
 */
export function relink(walk: Walk, v: Value): Value {
  return walk.gen !== undefined && v === walk.view.iv ? walk.gen.iv : v;
}
