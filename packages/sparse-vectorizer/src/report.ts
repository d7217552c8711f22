/** The per-loop account of what {@link vectorize} did and why. */
import type { CombiningKind, Module } from '@tilekit/loop-ir';
import type { ReasonCode } from './outcome.js';

/** What happened to one `scf.for`. */
export type LoopDecision =
  | {
      readonly vectorized: true;
      /** `parallel` ends in a store; `reduction` carries one accumulator. */
      readonly form: 'parallel' | 'reduction';
      /** The combining kind of a reduction loop. */
      readonly kind?: CombiningKind;
    }
  | { readonly vectorized: false; readonly code: ReasonCode; readonly reason: string };

/** One loop of the input, identified by its function and pre-order position in it. */
export type LoopReport = {
  /** `sym_name` of the enclosing `func.func`. */
  readonly function: string;
  /** Position of the loop among the function's `scf.for` ops in pre-order (0-based). */
  readonly loop: number;
  /** Nesting depth: 0 for a loop directly in the function body. */
  readonly depth: number;
} & LoopDecision;

/** A reduction chain the chain rewriter folded (or declined to fold). */
export interface ChainReport {
  readonly function: string;
  /** Pre-order positions of the producing and consuming loops. */
  readonly producer: number;
  readonly consumer: number | undefined;
  readonly folded: boolean;
  readonly reason: string;
}

/** Everything {@link vectorize} reports. */
export interface VectorizeReport {
  readonly loops: readonly LoopReport[];
  readonly chains: readonly ChainReport[];
}

/** The result of {@link vectorize}: a new module (the input is unchanged) and the report. */
export interface VectorizeResult {
  readonly module: Module;
  readonly report: VectorizeReport;
}
