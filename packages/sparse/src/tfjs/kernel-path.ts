/**
 * Which path a sparse kernel took on its last run: generated GPU code, or the compiled host
 * loops (the cpu and wasm backends always; the GPU backends when the loops cannot be
 * parallelised safely, with the reason).
 */

import type { HostRouteCause } from './route-reason.js';

export type { HostRouteCause } from './route-reason.js';

/** Why a GPU backend took the host path. */
export interface HostRouteRecord {
  /** The cause, as a stable code. */
  readonly cause: HostRouteCause;
  /** What happened and what to do, in the words of the op and its operands' formats. */
  readonly reason: string;
  /** The engine's or backend's technical reason (e.g. which loop is not parallel). */
  readonly detail: string;
}

/** How one sparse kernel call ran. */
export interface SparseKernelRun {
  readonly kernelName: string;
  readonly backend: string;
  /** `'gpu'`: a generated shader; `'host'`: the compiled loops on the CPU. */
  readonly path: 'gpu' | 'host';
  /** Why the host path ran on a GPU backend, as a stable code (`undefined` otherwise). */
  readonly cause?: HostRouteCause;
  /**
   * Why the host path ran on a GPU backend and what to do to run on the GPU, e.g. "spmv ran on
   * the CPU on webgl (...): A is stored as CSC; ... Convert A to CSR ..." (`undefined` otherwise).
   */
  readonly reason?: string;
  /** The technical reason behind `reason` (the engine's words; `undefined` otherwise). */
  readonly detail?: string;
  /** wasm backend: whether the engine ran in place on the backend's heap (no operand copies). */
  readonly inPlace?: boolean;
}

let last: SparseKernelRun | undefined;

/** Records a call (kernel functions call this). */
export function recordSparseKernelRun(run: SparseKernelRun): void {
  last = run;
}

/** How the most recent sparse kernel call ran (`undefined` before the first). */
export function lastSparseKernelRun(): SparseKernelRun | undefined {
  return last;
}
