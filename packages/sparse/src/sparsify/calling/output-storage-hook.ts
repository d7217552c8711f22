/**
 * Where binding and running a kernel find the code for a formatted (sparse) output's storage:
 * allocating it, binding it as arguments, growing it and reading the assembled tensor back.
 * The compiler gives it with the kernels it makes (sparsify.ts), the only ones that assemble
 * an output: the kernels prepared ahead of time for the ready-made tfjs ops all have dense
 * outputs, so an app running only those does not bundle it.
 */
import { SparsifyError } from '../errors.js';
import type { SparseKernel } from '../sparse-kernel.js';
import type * as OutputStorage from './output-storage.js';

/** The output-storage functions a kernel call uses. */
export type OutputStorageWork = Pick<
  typeof OutputStorage,
  | 'allocateOutputStorageWith'
  | 'bindOutputStorage'
  | 'fitsCapacity'
  | 'neededEntries'
  | 'outputArgument'
  | 'outputTensor'
  | 'withCurrentViews'
>;

let given: OutputStorageWork | undefined;

/** Gives the output-storage code (every call passes the same object). */
export function giveOutputStorageWork(work: OutputStorageWork): void {
  given = work;
}

/** The output-storage code, for a call of `kernel` (which has a formatted output). */
export function outputStorageWork(kernel: SparseKernel): OutputStorageWork {
  if (given === undefined)
    throw new SparsifyError(
      'kernel',
      `${kernel.functionName} has a formatted output, which only kernels from the sparse compiler have: import '@tilekit/sparse/tfjs/compiler', or make the kernel with sparsify`,
    );
  return given;
}
