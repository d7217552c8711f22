/**
 * A pool of worker threads that run sparse kernels over disjoint row blocks in shared memory,
 * the calling thread computing one block itself. Workers start once, when the pool is
 * created, and compile each kernel once; a call wakes them through shared memory and waits
 * for them with `Atomics.wait`, so it is as synchronous as `runKernel`.
 */

import { textOf } from '../sparse-error.js';
import type { FormatSpec } from '../sparse-tensor/format.js';
import type { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import type { ValueArray } from '../sparse-tensor/storage-arrays.js';
import type { BlockDispatch } from './block-dispatch.js';
import { BlockExecutor, type BuiltKernel, buildKernel } from './block-executor.js';
import { SparseThreadArgumentError, SparseThreadPoolError } from './errors.js';
import { JOB_AREA_LENGTH, writeJob } from './job-area.js';
import type { StartedWorker } from './node-workers.js';
import {
  type BlockStorage,
  type FromWorker,
  type HostEngine,
  type KernelRecipe,
  PENDING,
  type RunBlock,
  type ToWorker,
  WAKE,
  WORDS_PER_WORKER,
} from './protocol.js';
import { sharedLike, sharedTensor } from './shared-memory.js';
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
}

/** The most threads a pool may have. */
export const MAX_POOL_THREADS = 64;

const HOST_ENGINES: readonly HostEngine[] = ['wasm', 'js'];

type AnyValues = ValueArray | BigInt64Array;

/** Sparse kernels on several threads (see the module comment and the package README). */
export class SparseThreadPool implements BlockDispatch {
  /** Threads that compute a call, the calling thread included (1 where threads are unavailable). */
  readonly threads: number;
  /** Why the pool runs on the calling thread alone although more threads were asked for. */
  readonly unavailable: string | undefined;
  readonly #control: Int32Array;
  readonly #jobs: Float64Array[];
  readonly #workers: StartedWorker[];
  /** Per worker, the ids of the shared tensors and arrays it was told of. */
  readonly #known: Set<number>[];
  readonly #executor = new BlockExecutor();
  readonly #ids = new WeakMap<object, number>();
  readonly #scratch = new WeakMap<object, Map<string, AnyValues>>();
  readonly #forgotten: { tensors: number[]; arrays: number[] } = { tensors: [], arrays: [] };
  readonly #registry = new FinalizationRegistry<{ id: number; tensor: boolean }>(({ id, tensor }) =>
    (tensor ? this.#forgotten.tensors : this.#forgotten.arrays).push(id),
  );
  #nextId = 1;
  #failure: unknown;
  #disposed = false;

  private constructor(
    threads: number,
    unavailable: string | undefined,
    control: Int32Array,
    workers: StartedWorker[],
    jobs: Float64Array[],
  ) {
    this.threads = threads;
    this.unavailable = unavailable;
    this.#control = control;
    this.#workers = workers;
    this.#jobs = jobs;
    this.#known = workers.map(() => new Set<number>());
  }

  /**
   * Starts a pool of `options.threads` threads (the calling one included). Where the platform
   * has no threads with shared memory (a page that is not cross-origin isolated, or any
   * browser for now) it resolves to a pool of one thread that says why in
   * {@link SparseThreadPool.unavailable}; its kernels run as `runKernel` does.
   */
  static async create(options: SparseThreadPoolOptions = {}): Promise<SparseThreadPool> {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new SparseThreadArgumentError(
        'options',
        `expected an options object, got ${textOf(options)}`,
        '{ threads?: number }',
      );
    }
    for (const key of Object.keys(options)) {
      if (key !== 'threads') {
        throw new SparseThreadArgumentError(
          `options.${key}`,
          'is not an option of SparseThreadPool.create',
          'threads',
        );
      }
    }
    const asked = options.threads === undefined ? await defaultThreads() : options.threads;
    if (
      typeof asked !== 'number' ||
      !Number.isInteger(asked) ||
      asked < 1 ||
      asked > MAX_POOL_THREADS
    ) {
      throw new SparseThreadArgumentError(
        'options.threads',
        `expected an integer from 1 to ${MAX_POOL_THREADS}, got ${textOf(asked)}`,
        `an integer from 1 to ${MAX_POOL_THREADS}`,
      );
    }
    const reason = asked > 1 ? threadsUnavailableReason() : undefined;
    if (asked === 1 || reason !== undefined) {
      return new SparseThreadPool(1, reason, new Int32Array(1), [], []);
    }
    const control = new SharedArrayBuffer(4 * (WAKE + WORDS_PER_WORKER * (asked - 1)));
    const jobs = Array.from(
      { length: asked - 1 },
      () => new Float64Array(new SharedArrayBuffer(8 * JOB_AREA_LENGTH)),
    );
    const { startWorker } = await import('./node-workers.js');
    const workers: StartedWorker[] = [];
    let pool: SparseThreadPool | undefined;
    const onFailure = (problem: unknown) => {
      if (pool !== undefined) pool.#fail(problem);
    };
    try {
      for (let w = 0; w < asked - 1; w++) {
        const job = (jobs[w] as Float64Array).buffer as SharedArrayBuffer;
        workers.push(await startWorker(control, job, w, onFailure));
      }
    } catch (error) {
      await Promise.all(workers.map((w) => w.worker.terminate()));
      throw new SparseThreadPoolError(`a worker of the pool failed to start: ${textOf(error)}`, {
        cause: error,
      });
    }
    pool = new SparseThreadPool(asked, undefined, new Int32Array(control), workers, jobs);
    return pool;
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
    this.#check();
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
      id: this.#nextId++,
      expression,
      formats,
      sparsify: sparsifyOptions,
      vectorize,
      engine,
    };
    // Built here first, so that bad input throws its typed error on the calling thread.
    const built: BuiltKernel = buildKernel(recipe);
    this.#executor.addKernel(recipe, built);
    for (let w = 0; w < this.#workers.length; w++) this.#post(w, { kind: 'kernel', recipe });
    return new ThreadedKernel(this, recipe.id, built);
  }

  /** Stops the workers. The pool and its kernels cannot be used afterwards. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    await Promise.all(
      this.#workers.map(async ({ worker, port }, w) => {
        this.#post(w, { kind: 'exit' });
        await worker.terminate();
        port.close();
      }),
    );
  }

  /** Whether {@link SparseThreadPool.dispose} was called. */
  get disposed(): boolean {
    return this.#disposed;
  }

  #check(): void {
    if (this.#disposed) throw new SparseThreadPoolError('the pool was disposed');
    if (this.#failure !== undefined) {
      throw new SparseThreadPoolError(`a worker of the pool failed: ${textOf(this.#failure)}`, {
        cause: this.#failure,
      });
    }
  }

  #fail(problem: unknown): void {
    this.#failure ??= problem;
  }

  /** Posts `message` to worker `w` and wakes it. */
  #post(w: number, message: ToWorker): void {
    (this.#workers[w] as StartedWorker).port.postMessage(message);
    this.#wake(w);
  }

  #wake(w: number): void {
    Atomics.add(this.#control, WAKE + WORDS_PER_WORKER * w, 1);
    Atomics.notify(this.#control, WAKE + WORDS_PER_WORKER * w);
  }

  /** @internal */
  tensorId(tensor: SparseTensor): number {
    const known = this.#ids.get(tensor);
    if (known !== undefined) return known;
    const id = this.#nextId++;
    const copy = sharedTensor(tensor);
    this.#executor.addTensor({
      kind: 'tensor',
      id,
      shape: copy.shape,
      format: copy.format,
      positions: copy.positions,
      coordinates: copy.coordinates,
      values: copy.values,
    });
    this.#ids.set(tensor, id);
    this.#registry.register(tensor, { id, tensor: true });
    return id;
  }

  /** @internal */
  arrayId(array: AnyValues): number {
    const known = this.#ids.get(array);
    if (known !== undefined) return known;
    const id = this.#nextId++;
    this.#executor.addArray({ kind: 'array', id, data: array });
    this.#ids.set(array, id);
    this.#registry.register(array, { id, tensor: false });
    return id;
  }

  /** @internal */
  scratch(owner: object, slot: string, like: AnyValues, length: number): AnyValues {
    let slots = this.#scratch.get(owner);
    if (slots === undefined) {
      slots = new Map();
      this.#scratch.set(owner, slots);
    }
    const held = slots.get(slot);
    if (held !== undefined && held.constructor === like.constructor && held.length >= length) {
      return held;
    }
    const fresh = sharedLike(like as ValueArray, Math.max(length, 1));
    slots.set(slot, fresh);
    return fresh;
  }

  /** @internal */
  runBlocks(blocks: readonly RunBlock[]): (BlockStorage | undefined)[] | undefined {
    this.#check();
    const onWorkers = blocks.slice(1);
    if (!onWorkers.every((block, w) => writeJob(this.#jobs[w] as Float64Array, block))) {
      return undefined;
    }
    this.#forgetCollected();
    const control = this.#control;
    Atomics.store(control, PENDING, onWorkers.length);
    onWorkers.forEach((block, w) => {
      for (const operand of block.operands) {
        if ('tensor' in operand) this.#tell(w, operand.tensor, true);
        else if ('array' in operand) this.#tell(w, operand.array, false);
      }
      if (block.output !== undefined) this.#tell(w, block.output.array, false);
      Atomics.add(control, WAKE + WORDS_PER_WORKER * w + 1, 1);
      this.#wake(w);
    });
    let first: BlockStorage | undefined;
    let error: unknown;
    try {
      first = this.#executor.run(blocks[0] as RunBlock);
    } catch (e) {
      error = e;
    }
    for (let pending = Atomics.load(control, PENDING); pending !== 0; ) {
      Atomics.wait(control, PENDING, pending);
      pending = Atomics.load(control, PENDING);
    }
    const outputs: (BlockStorage | undefined)[] = [first];
    onWorkers.forEach((block, w) => {
      const started = this.#workers[w] as StartedWorker;
      if (block.output !== undefined) {
        // A dense output's block needs no answer; an error would have been posted.
        const answer = started.receive() as FromWorker | undefined;
        if (answer?.kind === 'error') {
          error ??= new SparseThreadPoolError(
            `a row block failed on worker ${w}: ${answer.name}: ${answer.message}`,
          );
        }
        outputs.push(undefined);
        return;
      }
      const answer = started.receive() as FromWorker | undefined;
      if (answer === undefined) {
        error ??= new SparseThreadPoolError(`worker ${w} finished without an answer`);
      } else if (answer.kind === 'error') {
        error ??= new SparseThreadPoolError(
          `a row block failed on worker ${w}: ${answer.name}: ${answer.message}`,
        );
      } else {
        outputs.push(answer.storage);
      }
    });
    if (error !== undefined) throw error;
    return outputs;
  }

  /** Tells worker `w` of shared tensor or array `id` if it does not know it yet. */
  #tell(w: number, id: number, tensor: boolean): void {
    const known = this.#known[w] as Set<number>;
    if (known.has(id)) return;
    const { port } = this.#workers[w] as StartedWorker;
    if (tensor) {
      const t = this.#executor.tensor(id);
      port.postMessage({
        kind: 'tensor',
        id,
        shape: t.shape,
        format: t.format,
        positions: t.positions,
        coordinates: t.coordinates,
        values: t.values,
      } satisfies ToWorker);
    } else {
      port.postMessage({ kind: 'array', id, data: this.#executor.array(id) } satisfies ToWorker);
    }
    known.add(id);
  }

  /** Forgets, on every thread, the shared tensors and arrays the caller no longer holds. */
  #forgetCollected(): void {
    const { tensors, arrays } = this.#forgotten;
    if (tensors.length + arrays.length === 0) return;
    this.#executor.forget(tensors, arrays);
    this.#known.forEach((known, w) => {
      const told = (ids: number[]) => ids.filter((id) => known.delete(id));
      const message = { kind: 'forget', tensors: told(tensors), arrays: told(arrays) } as const;
      if (message.tensors.length + message.arrays.length > 0) {
        (this.#workers[w] as StartedWorker).port.postMessage(message);
      }
    });
    tensors.length = 0;
    arrays.length = 0;
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
