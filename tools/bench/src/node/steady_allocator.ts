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
 *
 * The mmap threshold sits far above every array a suite allocates. glibc maps a request whose
 * chunk (the request plus its header) reaches the threshold, so a threshold of exactly 32 MiB
 * mapped every 32 MiB array (an R-MAT graph's 65536 x 64 dense operand) afresh: 8192 page
 * faults per array, 18 ms of a 2 ms fill on a VM where a fault costs about 2 µs.
 */

/** glibc tunables, as its environment variables: never trim, mmap only from 512 MiB. */
export const STEADY_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_TRIM_THRESHOLD_: String(2 ** 40),
  MALLOC_MMAP_THRESHOLD_: String(512 * 2 ** 20),
};
