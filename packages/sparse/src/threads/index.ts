/**
 * `@tilekit/sparse/threads`: sparse kernels on several threads with shared memory (Node's
 * `worker_threads`, or module workers in a cross-origin isolated page), the rows of a call
 * split between them, results identical to
 * `runKernel`'s bit for bit. Where threads are unavailable the pool runs on the calling thread.
 */
export { SparseThreadArgumentError, SparseThreadPoolError } from './errors.js';
export type { PoolArray, PoolArrayType } from './pool-array.js';
export type { HostEngine } from './protocol.js';
export {
  MAX_POOL_THREADS,
  SparseThreadPool,
  type SparseThreadPoolOptions,
} from './sparse-thread-pool.js';
export type { ThreadedKernel, ThreadedKernelOptions } from './threaded-kernel.js';
