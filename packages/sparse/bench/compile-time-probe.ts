/**
 * Compile time of every kernel in {@link BENCH_KERNELS}, stage by stage (sparsify, vectorize,
 * engine compile on wasm and js), for profiling: `node --cpu-prof` on the bundled probe shows
 * where a stage spends its time. With argument `cold <k>` it compiles kernel `k` once in this
 * (fresh) process and prints the stage times as JSON; with `warm <k>` it measures kernel `k`
 * alone (for a profile of that kernel); without, it compiles every kernel `ROUNDS` times in one
 * process and prints the medians. The benchmark suite is
 * compile-time.bench.ts; this script is its magnifying glass.
 *
 * Run: bundle with esbuild (`--bundle --platform=node --format=esm
 * --conditions=@tilekit/source`) and run the bundle with plain node.
 */
import { compile, type EngineName } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { emitKernel } from '../src/sparsify/sparsify.js';
import { BENCH_KERNELS, type BenchKernel } from './compile-kernels.js';

const ROUNDS = 21;

/** CPU milliseconds this process has used (unlike wall time, not inflated by other processes). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Milliseconds per stage of one uncached compile of `kernel` (wall time), and the CPU time of
 * the whole pipeline on each engine.
 */
function stages(kernel: BenchKernel): Record<string, number> {
  const c0 = cpuMs();
  const t0 = performance.now();
  // The uncached emitter: every round is a first compile (a new module for vectorize and compile).
  const k = emitKernel(kernel.expr, kernel.formats, { valueType: kernel.valueType });
  const t1 = performance.now();
  const module = kernel.vector ? vectorize(k.module, kernel.vector).module : k.module;
  const t2 = performance.now();
  const front = cpuMs() - c0;
  const times: Record<string, number> = { sparsify: t1 - t0, vectorize: t2 - t1 };
  for (const engine of ['wasm', 'js'] as EngineName[]) {
    const c = cpuMs();
    const t = performance.now();
    compile(module, k.functionName, { engine });
    times[engine] = performance.now() - t;
    times[`cpu${engine === 'wasm' ? 'Wasm' : 'Js'}`] = front + cpuMs() - c;
  }
  times.totalWasm =
    (times.sparsify as number) + (times.vectorize as number) + (times.wasm as number);
  times.totalJs = (times.sparsify as number) + (times.vectorize as number) + (times.js as number);
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

const [mode, which] = process.argv.slice(2);
if (mode === 'cold') {
  const kernel = BENCH_KERNELS[Number(which)] as BenchKernel;
  console.log(JSON.stringify({ label: kernel.label, ...stages(kernel) }));
} else {
  const chosen = mode === 'warm' ? [BENCH_KERNELS[Number(which)] as BenchKernel] : BENCH_KERNELS;
  for (const kernel of BENCH_KERNELS) stages(kernel); // warm the compiler up
  for (const kernel of chosen) {
    const runs = Array.from({ length: ROUNDS }, () => stages(kernel));
    const row = Object.keys(runs[0] as object).map(
      (key) => `${key} ${median(runs.map((r) => r[key] as number)).toFixed(2)}`,
    );
    console.log(`${kernel.label.padEnd(28)} ${row.join('  ')}`);
  }
}
