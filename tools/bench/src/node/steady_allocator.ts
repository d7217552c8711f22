/**
 * glibc allocator settings for the measured processes, so that freed memory is not handed back
 * to the kernel during a benchmark run.
 *
 * Suites here allocate and drop arrays of many MiB per call. With glibc's defaults such arrays
 * are returned to the kernel as soon as the collector frees a few at once (mmap'd chunks are
 * unmapped; a large free heap top is trimmed), so whether the next call first pays thousands of
 * page faults depends on when the collector last ran. That swings the time of a large copy
 * several-fold, in ours and the baselines alike, and a median measures the collector's timing
 * instead of the work. Fixed thresholds (which also switch off glibc's
 * adaptive ones) keep freed chunks in the heap for reuse, so every candidate runs on recycled
 * memory. They are read once, at process start, so the runner passes them to each suite process;
 * other platforms and allocators ignore them.
 */

/** glibc tunables, as its environment variables: never trim, mmap only above 32 MiB (its max). */
export const STEADY_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_TRIM_THRESHOLD_: String(2 ** 40),
  MALLOC_MMAP_THRESHOLD_: String(32 * 2 ** 20),
};
