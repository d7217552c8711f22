/**
 * A pool of worker threads that run sparse kernels over disjoint row blocks in shared memory,
 * the calling thread computing one block itself. Workers start once, when the pool is
 * created, and compile each kernel once; a call wakes them through shared memory and waits
 * for them with `Atomics.wait`, so it is as synchronous as `runKernel`.
 */
import { isIntegerIn } from '@tilekit/errors';
import { textOf } from '../sparse-error.js';
import type { FormatSpec } from '../sparse-tensor/format.js';
import { buildKernel } from './block-executor.js';
import { SparseThreadArgumentError, SparseThreadPoolError } from './errors.js';
import { type PoolArray, type PoolArrayType, poolArray } from './pool-array.js';
import { PoolThreads } from './pool-threads.js';
import type { HostEngine, KernelRecipe } from './protocol.js';
import { threadsUnavailableReason } from './thread-support.js';
import { ThreadedKernel, type ThreadedKernelOptions } from './threaded-kernel.js';

/** Options of {@link SparseThreadPool.create}. */
export interface SparseThreadPoolOptions {
  /**
   * Threads that compute a call, the calling thread included (so `2` starts one worker):
   * an integer from 1 to {@link MAX_POOL_THREADS}. Default: the cores Node reports
   * (`os.availableParallelism()`), at most 8.
   */
  readonly threads?: number;
  /**
   * The least estimated work of one thread's block: a call with less than twice this runs on
   * the calling thread alone (as `runKernel`, or over the pool memory where its dense operands
   * and output are pool arrays), and a larger one on at most
   * `work / minBlockWork` threads, as waking a thread and handing it a block costs more than
   * a small block's kernel. Work counts 8 per output row plus each stored
   * entry of the sparse operand whose rows are split, times the elements of one row of a
   * dense output (SpMM's columns); about 0.75 ns of one thread's SpMV each. An integer of 0 or
   * more; 0 splits every call of two rows or more. Default 131072.
   */
  readonly minBlockWork?: number;
}

/**
 * The default {@link SparseThreadPoolOptions.minBlockWork}: about 100 µs of one thread's SpMV.
 * On the 2-core machine of the package's benchmarks two threads ran SpMV of about 200 k work
 * (20000² with 40 k entries, 2000² with 200 k) slower than one, and SpMM of 64 times that
 * faster.
 */
const DEFAULT_MIN_BLOCK_WORK = 131072;

/** The most threads a pool may have. */
export const MAX_POOL_THREADS = 64;

const HOST_ENGINES: readonly HostEngine[] = ['wasm', 'js'];

/** The key only {@link SparseThreadPool.create} holds. */
const CREATE: unique symbol = Symbol('SparseThreadPool.create');

/** Sparse kernels on several threads (see the module comment and the package README). */
export class SparseThreadPool {
  /** Threads that compute a call, the calling thread included (1 where threads are unavailable). */
  readonly threads: number;
  /** Why the pool runs on the calling thread alone although more threads were asked for. */
  readonly unavailable: string | undefined;
  /** The least work of one thread's block (see {@link SparseThreadPoolOptions.minBlockWork}). */
  readonly minBlockWork: number;
  readonly #threads: PoolThreads;
  #nextKernel = 1;

  /** Made by {@link SparseThreadPool.create} only (`key` is this module's). */
  private constructor(
    key: symbol,
    threads: PoolThreads,
    unavailable: string | undefined,
    minBlockWork: number,
  ) {
    if (key !== CREATE) {
      throw new SparseThreadPoolError('a SparseThreadPool is made by SparseThreadPool.create()');
    }
    this.#threads = threads;
    this.threads = threads.threads;
    this.unavailable = unavailable;
    this.minBlockWork = minBlockWork;
  }

  /**
   * Starts a pool of `options.threads` threads (the calling one included), which splits a
   * call only where each block gets at least `options.minBlockWork` of work. Where the platform
   * has no threads with shared memory (a page that is not cross-origin isolated, or one
   * without module workers or `Atomics.waitAsync`) it resolves to a pool of one thread that
   * says why in
   * {@link SparseThreadPool.unavailable}; its kernels run as `runKernel` does.
   */
  static async create(options: SparseThreadPoolOptions = {}): Promise<SparseThreadPool> {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new SparseThreadArgumentError(
        'options',
        `expected an options object, got ${textOf(options)}`,
        '{ threads?: number, minBlockWork?: number }',
      );
    }
    for (const key of Object.keys(options)) {
      if (key !== 'threads' && key !== 'minBlockWork') {
        throw new SparseThreadArgumentError(
          `options.${key}`,
          'is not an option of SparseThreadPool.create',
          'threads, minBlockWork',
        );
      }
    }
    const { minBlockWork = DEFAULT_MIN_BLOCK_WORK } = options;
    if (!isIntegerIn(minBlockWork, 0, Number.MAX_SAFE_INTEGER)) {
      throw new SparseThreadArgumentError(
        'options.minBlockWork',
        `expected an integer of 0 or more, got ${textOf(minBlockWork)}`,
        'an integer of 0 or more',
      );
    }
    const asked = options.threads === undefined ? await defaultThreads() : options.threads;
    if (!isIntegerIn(asked, 1, MAX_POOL_THREADS)) {
      throw new SparseThreadArgumentError(
        'options.threads',
        `expected an integer from 1 to ${MAX_POOL_THREADS}, got ${textOf(asked)}`,
        `an integer from 1 to ${MAX_POOL_THREADS}`,
      );
    }
    const reason = asked > 1 ? threadsUnavailableReason() : undefined;
    if (asked === 1 || reason !== undefined) {
      return new SparseThreadPool(CREATE, PoolThreads.alone(), reason, minBlockWork);
    }
    return new SparseThreadPool(CREATE, await PoolThreads.start(asked), undefined, minBlockWork);
  }

  /**
   * A kernel of this pool: `sparsify(expression, formats, options)`, vectorized with
   * `options.vectorize` if given, compiled for `options.engine` (`'wasm'`, the default, or
   * `'js'`) on every thread. See {@link ThreadedKernel} for which kernels split their rows.
   */
  kernel(
    expression: string,
    formats: Readonly<Record<string, FormatSpec>> = {},
    options: ThreadedKernelOptions = {},
  ): ThreadedKernel {
    if (this.#threads.disposed) throw new SparseThreadPoolError('the pool was disposed');
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new SparseThreadArgumentError(
        'options',
        `expected an options object, got ${textOf(options)}`,
        'sparsify options plus vectorize and engine',
      );
    }
    const { vectorize, engine = 'wasm', ...sparsifyOptions } = options;
    if (!HOST_ENGINES.includes(engine)) {
      throw new SparseThreadArgumentError(
        'options.engine',
        `expected 'wasm' or 'js', got ${textOf(engine)}`,
        "'wasm' or 'js'",
      );
    }
    const recipe: KernelRecipe = {
      id: this.#nextKernel++,
      expression,
      formats,
      sparsify: sparsifyOptions,
      vectorize,
      engine,
    };
    // Built here first, so that bad input throws its typed error on the calling thread.
    const built = buildKernel(recipe, this.#threads.memory?.memory);
    this.#threads.addKernel(recipe, built);
    return new ThreadedKernel(this.#threads, recipe.id, built, this.minBlockWork);
  }

  /**
   * A zeroed array of `length` elements of `type` (`Float64Array`, `Float32Array`,
   * `Int32Array` or `BigInt64Array`) in the pool's shared wasm memory: passed as a dense
   * operand's `data`, or as a kernel's `output`, it is read and written where it lies by every
   * thread of the pool's wasm kernels with a dense output, where any other array is copied
   * into that memory on every call (and a result out of it). Dispose it when done; in a pool
   * of one thread it is an ordinary array.
   *
   * @throws SparseThreadArgumentError for another `type`, or a `length` that is not an
   *   integer from 0 to 2^31 - 1 or does not fit the memory.
   */
  array<C extends PoolArrayType>(type: C, length: number): PoolArray<InstanceType<C>> {
    if (this.#threads.disposed) throw new SparseThreadPoolError('the pool was disposed');
    return poolArray(this.#threads.memory, type, length);
  }

  /** Stops the workers. The pool and its kernels cannot be used afterwards. */
  async dispose(): Promise<void> {
    await this.#threads.dispose();
  }

  /** Whether {@link SparseThreadPool.dispose} was called. */
  get disposed(): boolean {
    return this.#threads.disposed;
  }
}

/** The default thread count: the cores the platform reports, at most 8. */
async function defaultThreads(): Promise<number> {
  const global = globalThis as {
    process?: { versions?: { node?: string } };
    navigator?: { hardwareConcurrency?: number };
  };
  const cores =
    typeof global.process?.versions?.node === 'string'
      ? (await import('node:os')).availableParallelism()
      : (global.navigator?.hardwareConcurrency ?? 1);
  return Math.max(1, Math.min(8, cores));
}
