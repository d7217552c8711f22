/**
 * What the vectorizer suite needs: a rewriter from MLIR text to MLIR text (as
 * `mlir-opt --sparse-vectorization` is) and an engine that executes MLIR functions. Everything
 * is exchanged as MLIR text and plain numbers, so any implementation (tilekit's, a wrapper
 * around mlir-opt, another compiler) can be tested.
 */
import type { FunctionArgument, VectorizationOptions } from '../../data/mlir-vectorization.js';

/** One argument of an execution: a memref with its contents, or a scalar. */
export type ExecArgument = FunctionArgument<number>;

/** What an execution leaves behind. */
export interface ExecOutcome {
  /** The function's results, in order. */
  readonly results: readonly number[];
  /** Final contents of each memref argument, in argument order (scalars skipped). */
  readonly memrefs: readonly ArrayLike<number>[];
}

/** A sparse vectorizer and an engine to run its output. */
export interface VectorizerImpl {
  /** Rewrites a module's text as `mlir-opt --sparse-vectorization=<options>` would. */
  vectorize(source: string, options: VectorizationOptions): string | Promise<string>;
  /**
   * Executes function `fn` of the module `source` on copies of `args`; `vscale` is the runtime
   * multiple of scalable vectors (`vector<[4]xf32>` holds `4 * vscale` elements).
   */
  execute(
    source: string,
    fn: string,
    args: readonly ExecArgument[],
    options: { readonly vscale: number },
  ): ExecOutcome | Promise<ExecOutcome>;
}
