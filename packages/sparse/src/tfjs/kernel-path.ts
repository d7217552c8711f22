/**
 * Which path a sparse kernel took on its last run: generated GPU code, or the compiled host
 * loops (the cpu and wasm backends always; the GPU backends when the loops cannot be
 * parallelised safely, with the reason).
 */

/** How one sparse kernel call ran. */
export interface SparseKernelRun {
  readonly kernelName: string;
  readonly backend: string;
  /** `'gpu'`: a generated shader; `'host'`: the compiled loops on the CPU. */
  readonly path: 'gpu' | 'host';
  /** Why the host path ran on a GPU backend (`undefined` otherwise). */
  readonly reason?: string;
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
