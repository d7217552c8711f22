/**
 * What the junk-call harness (junk-calls.ts) and its worker (junk-call-worker.ts) pass each
 * other: its own file, so that neither side imports the other.
 */
import type { PackageEntry } from './package-entries.js';

/** A callable the harness found: `name` is `f`, `new C` or `C.method`. */
export interface JunkCallTarget {
  readonly entry: string;
  readonly name: string;
}

/** One call that broke the contract. */
export interface JunkCallFailure extends JunkCallTarget {
  readonly kind: 'failure';
  readonly index: number;
  /** The argument position holding the junk (0-based). */
  readonly position: number;
  readonly junk: string;
  /** What happened instead: the thrown error's name and message, a hang, a crash. */
  readonly problem: string;
}

/** What the worker posts. */
export type JunkCallMessage =
  | {
      readonly kind: 'planned';
      readonly targets: JunkCallTarget[];
      /** Per call, three numbers: the target's index, the junk's position, the junk's label index. */
      readonly calls: Int32Array;
      readonly junkLabels: string[];
    }
  | JunkCallFailure
  | { readonly kind: 'done' };

/** What the parent passes. */
export interface JunkWorkerData {
  readonly entries: readonly PackageEntry[];
  readonly seed: number;
  /** The first call to make (the one after a hang when restarting). */
  readonly start: number;
  /** Int32Array over a SharedArrayBuffer: [index of the call under way]. */
  readonly progress: SharedArrayBuffer;
  /** How long a returned promise may stay pending. */
  readonly promiseMs: number;
  /** The share of planned calls made (1: all), drawn from the seed so a run repeats exactly. */
  readonly sample: number;
}
