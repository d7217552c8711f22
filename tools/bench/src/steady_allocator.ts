/**
 * Keeps glibc's allocator from handing freed memory back to the kernel during a benchmark run.
 *
 * Suites here allocate and drop arrays of many MiB per call. With glibc's defaults such arrays
 * are returned to the kernel as soon as the collector frees a few at once (mmap'd chunks are
 * unmapped; a large free heap top is trimmed), so whether the next call first pays thousands of
 * page faults depends on when the collector last ran. On this project's VMs that swings a 16 MiB
 * copy between 1.5 and 11 ms, in ours and the baselines alike, and a median measures the
 * collector's timing instead of the work. Fixed thresholds (which also switch off glibc's
 * adaptive ones) keep freed chunks in the heap for reuse, so every candidate runs on recycled
 * memory. Other platforms and allocators ignore these variables.
 */
import { spawnSync } from 'node:child_process';

/** glibc tunables, as its environment variables: never trim, mmap only above 32 MiB (its max). */
const STEADY_MALLOC_ENV = {
  MALLOC_TRIM_THRESHOLD_: String(2 ** 40),
  MALLOC_MMAP_THRESHOLD_: String(32 * 2 ** 20),
};

/**
 * Re-runs this process under the steady allocator settings unless they are already in place
 * (they are read once, at process start). Returns only in the process that should do the work;
 * the parent exits with the child's status.
 */
export function ensureSteadyAllocator(): void {
  if (process.platform !== 'linux' || process.env.MALLOC_TRIM_THRESHOLD_ !== undefined) return;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...STEADY_MALLOC_ENV },
  });
  process.exit(child.status ?? 1);
}
