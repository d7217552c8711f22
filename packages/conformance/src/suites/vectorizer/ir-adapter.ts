/**
 * Adapts a vectorizer with its own IR (parse, print, a module-to-module pass and an interpreter
 * over typed arrays) to the text-in, numbers-out `VectorizerImpl` the suite drives.
 */
import type { VectorizationOptions } from '../../data/mlir-vectorization.js';
import { argumentArrays, toNumbers } from './typed-arrays.js';
import type { VectorizerImpl } from './vectorizer-impl.js';

/** The public API shape of an IR-based vectorizer (tilekit's sparse-vectorizer has it). */
export interface IrVectorizer<M> {
  parseModule(text: string): M;
  printModule(module: M): string;
  vectorize(module: M, options: VectorizationOptions): { readonly module: M };
  /** Runs `fn`, mutating memref arguments (typed arrays, or `{data, shape}` above rank 1). */
  interpret(
    module: M,
    fn: string,
    args: readonly unknown[],
    options: { vscale: number },
  ): readonly unknown[];
}

/** A `VectorizerImpl` over an IR-based vectorizer. */
export function irVectorizerImpl<M>(api: IrVectorizer<M>): VectorizerImpl {
  return {
    vectorize: (source, options) =>
      api.printModule(api.vectorize(api.parseModule(source), options).module),
    execute: (source, fn, args, { vscale }) => {
      const arrays = argumentArrays(args);
      const passed = arrays.map((array, k) => {
        const arg = args[k]!;
        return arg.kind === 'memref' && arg.shape.length > 1
          ? { data: array, shape: arg.shape }
          : array;
      });
      const results = api.interpret(api.parseModule(source), fn, passed, { vscale });
      return {
        results: toNumbers(results as readonly (number | bigint | boolean)[]),
        memrefs: arrays.flatMap((array) => (typeof array === 'number' ? [] : [toNumbers(array)])),
      };
    },
  };
}
