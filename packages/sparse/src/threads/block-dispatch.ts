/** What a threaded kernel asks of its pool (so that the kernel need not import the pool). */
import type { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import type { ValueArray } from '../sparse-tensor/storage-arrays.js';
import type { PoolMemory } from './pool-memory.js';
import type { BlockStorage, RunBlock } from './protocol.js';

/** The pool's side of its threads: what a `ThreadedKernel` calls. */
export interface BlockDispatch {
  /** Threads that compute a call (1: the calling thread alone). */
  readonly threads: number;
  readonly disposed: boolean;
  /**
   * Whether the workers' answers can be read while the call waits (not in a browser): only
   * then do kernels with a formatted output, whose blocks come back as answers, split.
   */
  readonly answersReadable: boolean;
  /** The pool's wasm memory, where kernels with a dense output run in place (if it has one). */
  readonly memory: PoolMemory | undefined;
  /** Whether `a` lies in a live array of the pool memory. */
  inPool(a: ArrayBufferView): boolean;
  /** The id every thread knows `tensor` by (its arrays copied to shared memory on first use). */
  tensorId(tensor: SparseTensor): number;
  /** The id every thread knows `array` (in shared memory) by. */
  arrayId(array: ValueArray | BigInt64Array): number;
  /**
   * A shared array of `like`'s type with room for `length` elements, kept for `owner`'s
   * `slot` from call to call (a dense operand or output that is not in shared memory), in the
   * pool memory if the pool has one.
   */
  scratch(
    owner: object,
    slot: string,
    like: ValueArray | BigInt64Array,
    length: number,
  ): ValueArray | BigInt64Array;
  /**
   * Runs `blocks` (the first on the calling thread); their outputs in block order, or
   * `undefined` (nothing run) when a block does not fit a job area.
   */
  runBlocks(blocks: readonly RunBlock[]): (BlockStorage | undefined)[] | undefined;
  /**
   * The times of the last `runBlocks` (ms): the calling thread's block, and from the call's
   * start until the slowest worker's block ended.
   */
  readonly lastTimes: { readonly ownMs: number; readonly workersMs: number };
  /** Blocks of the last `runBlocks` that a worker ran (the others ran on the calling thread). */
  readonly lastWorkerBlocks: number;
}
