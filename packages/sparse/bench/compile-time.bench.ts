/**
 * Compile time of every kernel the sparse benchmarks run (compile-kernels.ts): notation ->
 * sparsify -> vectorize (where the benchmark vectorizes) -> a callable on the wasm engine,
 * each call a first compile (the caches bypassed: a fresh kernel from the uncached emitter,
 * so vectorize and compile see a new module). Beside it the same pipeline on the js engine,
 * and the repeat a user's second call makes, which the caches answer without compiling. The
 * first case also reports the first compile of the process (nothing warmed up: what an app's
 * first kernel costs).
 */
import { defineBenchSuite } from '@tilekit/bench';
import { compile, type EngineName } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { sparsify } from '../src/index.js';
import { emitKernel } from '../src/sparsify/sparsify.js';
import { BENCH_KERNELS, type BenchKernel } from './compile-kernels.js';

/** A first compile of `kernel` on `engine`: nothing comes from a cache. */
function firstCompile(kernel: BenchKernel, engine: EngineName): unknown {
  const k = emitKernel(kernel.expr, kernel.formats, { valueType: kernel.valueType });
  const module = kernel.vector ? vectorize(k.module, kernel.vector).module : k.module;
  return compile(module, k.functionName, { engine });
}

/** The same pipeline through the public calls, as a repeat of an earlier call makes it. */
function repeat(kernel: BenchKernel): unknown {
  const k = sparsify(kernel.expr, kernel.formats, { valueType: kernel.valueType });
  const module = kernel.vector ? vectorize(k.module, kernel.vector).module : k.module;
  return compile(module, k.functionName, { engine: 'wasm' });
}

let processFirstMs = Number.NaN;

export default defineBenchSuite({
  name: 'sparse: kernel compile time (notation -> runnable kernel)',
  setup() {
    const start = performance.now();
    firstCompile(BENCH_KERNELS[0] as BenchKernel, 'wasm');
    processFirstMs = performance.now() - start;
  },
  cases: BENCH_KERNELS.map((kernel, k) => ({
    name: `${kernel.label}: ${kernel.expr}${kernel.vector ? `, vectorized (vl=${kernel.vector.vectorLength})` : ''}`,
    ours: { label: 'first compile, wasm engine', fn: () => firstCompile(kernel, 'wasm') },
    baselines: [
      { label: 'first compile, js engine', fn: () => firstCompile(kernel, 'js') },
      { label: 'repeat (cached: sparsify, vectorize, compile)', fn: () => repeat(kernel) },
    ],
    goal: '<= 10 ms',
    ...(k === 0
      ? {
          extra: () => ({
            'first compile of the process (nothing warmed up)': `${processFirstMs.toFixed(1)} ms`,
          }),
        }
      : {}),
  })),
});
