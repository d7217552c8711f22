/**
 * The engines a sparsify test runs its kernels on, and a kernel compiled on each of them, scalar
 * and through the vectorizer (which may keep loops scalar), so that every test holds each
 * engine's result to the same plain-loop reference.
 */
import { compile, type EngineName } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import type { SparseKernel } from '../../src/index.js';

/** The engines every kernel runs on. */
export const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/** Scalar loops, then the vectorizer's rewrite at two vector lengths. */
export const VECTOR_LENGTHS: readonly (number | undefined)[] = [undefined, 4, 8];

/** One compiled form of a kernel, labelled by its engine and vector length. */
export interface CompiledRun {
  readonly label: string;
  readonly run: ReturnType<typeof compile>;
}

/** `kernel` compiled on every engine, at every vector length of `VECTOR_LENGTHS`. */
export function compiledEverywhere(kernel: SparseKernel): CompiledRun[] {
  return VECTOR_LENGTHS.flatMap((vectorLength) => {
    const module =
      vectorLength === undefined
        ? kernel.module
        : vectorize(kernel.module, { vectorLength, enableSIMDIndex32: true }).module;
    return ENGINES.map((engine) => ({
      label: `${engine} vl=${vectorLength ?? 'scalar'}`,
      run: compile(module, kernel.functionName, { engine }),
    }));
  });
}
