/** Errors of the thread pool: bad options, a disposed pool, a worker that failed. */
import { SparseArgumentError, SparseError, textOf } from '../sparse-error.js';

/** A bad argument of {@link SparseThreadPool.create} or of a threaded kernel. */
export class SparseThreadArgumentError extends SparseArgumentError {
  override readonly name: string = 'SparseThreadArgumentError';
}

/** The pool cannot do what was asked: it was disposed, or a worker failed or exited. */
export class SparseThreadPoolError extends SparseError {
  override readonly name: string = 'SparseThreadPoolError';

  constructor(problem: string, options?: { readonly cause?: unknown }) {
    super(textOf(problem, 2000));
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
