/** A point of an iteration lattice (see lattice.ts), a type of its own so that the checks and the emitter can name it. */
import type { Expr } from './expression.js';

/** How an operand takes part in the current loop: iterated (sparse) or located (dense). */
export type Participation = 'sparse' | 'dense';

/** One lattice point. */
export interface LatticePoint {
  /** Tensors whose sparse level must hold an entry at the current coordinate. */
  readonly sparse: ReadonlySet<string>;
  /** Tensors accessed at the current index by random access (always present). */
  readonly dense: ReadonlySet<string>;
  /** The expression to evaluate when exactly the `sparse` operands are present. */
  readonly expr: Expr;
}
