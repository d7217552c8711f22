/**
 * The threads of a {@link SparseThreadPool}: the workers, each told once of the kernels,
 * shared tensors and arrays it needs, and a call's run of row blocks. The calling thread runs
 * the first block itself while the workers run theirs, then every block no worker has claimed
 * yet (so a call never waits for a sleeping or descheduled thread to start), then waits
 * (spin-wait.ts) until the pending count in shared memory reaches 0, so a call is as
 * synchronous as `runKernel`.
 * A call's blocks go to the workers as numbers in their job areas (shared memory); only
 * what a worker keeps travels as a message, once. The arrays the pool copies (shared tensors,
 * scratch arrays) lie in the pool's wasm memory where the platform has one (pool-memory.ts).
 */
import { textOf } from '../sparse-error.js';
import type { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import type { ValueArray } from '../sparse-tensor/storage-arrays.js';
import type { BlockDispatch } from './block-dispatch.js';
import { BlockExecutor, type BuiltKernel } from './block-executor.js';
import { SparseThreadPoolError } from './errors.js';
import { JOB_AREA_LENGTH, writeJob } from './job-area.js';
import { type PoolArrayData, PoolMemory } from './pool-memory.js';
import {
  BLOCK_MICROS,
  type BlockStorage,
  BROKEN,
  CLAIM,
  FAILED_BLOCK,
  type FromWorker,
  JOB_NUMBER,
  type KernelRecipe,
  PENDING,
  type RunBlock,
  type ToWorker,
  WAKE,
  WORDS_PER_WORKER,
} from './protocol.js';
import { sharedLike, sharedTensor } from './shared-memory.js';
import { SpinWait } from './spin-wait.js';
import type { StartedWorker, WorkerPlatform } from './started-worker.js';

type AnyValues = ValueArray | BigInt64Array;

/** How often a waiting caller looks at the broken flag (a worker that failed to load). */
const BROKEN_CHECK_MS = 100;

/** The threads of a pool: its workers, what they were told, and the runs of row blocks. */
export class PoolThreads implements BlockDispatch {
  readonly threads: number;
  /** Whether the workers' answers (a formatted output's blocks) can be read (not in a browser). */
  readonly answersReadable: boolean;
  readonly #control: Int32Array;
  readonly #jobs: Float64Array[];
  /** The pool's wasm memory (none for a pool of one thread, or where it cannot be made). */
  readonly memory: PoolMemory | undefined;
  /** Per shared tensor id, the arrays the pool laid out in its memory for it (released with it). */
  readonly #laidOut = new Map<number, PoolArrayData[]>();
  /** Scratch arrays in the pool memory, released when their owner is collected. */
  readonly #scratchRegistry = new FinalizationRegistry<Map<string, AnyValues>>((slots) => {
    for (const array of slots.values()) this.memory?.release(array);
  });
  /** The workers, once started (by the first kernel: a pool that never runs one starts none). */
  #workers: StartedWorker[] = [];
  readonly #startWorkers: () => StartedWorker[];
  /** Per worker, the ids of the shared tensors and arrays it was told of. */
  readonly #known: Set<number>[];
  readonly #executor: BlockExecutor;
  readonly #spin = new SpinWait();
  lastTimes = { ownMs: 0, workersMs: 0 };
  lastWorkerBlocks = 0;
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
    control: Int32Array,
    jobs: Float64Array[],
    memory: PoolMemory | undefined,
    startWorkers: (pool: PoolThreads) => StartedWorker[],
    answersReadable = true,
  ) {
    this.threads = threads;
    this.answersReadable = answersReadable;
    this.#control = control;
    this.#jobs = jobs;
    this.memory = memory;
    this.#executor = new BlockExecutor(memory, true);
    this.#known = jobs.map(() => new Set<number>());
    this.#startWorkers = () => startWorkers(this);
  }

  /** The calling thread alone. */
  static alone(): PoolThreads {
    return new PoolThreads(1, new Int32Array(1), [], undefined, () => []);
  }

  /**
   * A pool of `threads` threads: `threads - 1` workers (Node's `worker_threads`, or a
   * browser's module workers) beside the calling thread, started with the pool's first kernel;
   * they load in the background, and blocks they have not claimed by the time the calling
   * thread is done with its own run there.
   */
  static async start(threads: number): Promise<PoolThreads> {
    const control = new SharedArrayBuffer(4 * (WAKE + WORDS_PER_WORKER * (threads - 1)));
    const jobs = Array.from(
      { length: threads - 1 },
      () => new Float64Array(new SharedArrayBuffer(8 * JOB_AREA_LENGTH)),
    );
    const platform: WorkerPlatform =
      typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions
        ?.node === 'string'
        ? (await import('./node-workers.js')).NODE_WORKERS
        : (await import('./browser-workers.js')).BROWSER_WORKERS;
    const memory = PoolMemory.create();
    return new PoolThreads(
      threads,
      new Int32Array(control),
      jobs,
      memory,
      (pool) =>
        jobs.map((job, w) =>
          platform.startWorker(
            control,
            job.buffer as SharedArrayBuffer,
            w,
            memory?.memory,
            (problem) => {
              pool.#failure ??= problem;
            },
          ),
        ),
      platform.answersReadable,
    );
  }

  /** Keeps the kernel `built` from `recipe` here and has every worker build it. */
  addKernel(recipe: KernelRecipe, built: BuiltKernel): void {
    this.#check();
    this.#executor.addKernel(recipe, built);
    if (this.#workers.length < this.#jobs.length) this.#workers = this.#startWorkers();
    for (let w = 0; w < this.#workers.length; w++) this.#post(w, { kind: 'kernel', recipe });
  }

  /** Stops the workers; nothing runs afterwards. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    await Promise.all(
      this.#workers.map(async (worker, w) => {
        this.#post(w, { kind: 'exit' });
        await worker.terminate();
      }),
    );
  }

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

  /** Posts `message` to worker `w` and wakes it. */
  #post(w: number, message: ToWorker): void {
    (this.#workers[w] as StartedWorker).post(message);
    this.#wake(w);
  }

  #wake(w: number): void {
    Atomics.add(this.#control, WAKE + WORDS_PER_WORKER * w, 1);
    Atomics.notify(this.#control, WAKE + WORDS_PER_WORKER * w);
  }

  tensorId(tensor: SparseTensor): number {
    const known = this.#ids.get(tensor);
    if (known !== undefined) return known;
    const id = this.#nextId++;
    const memory = this.memory;
    let copy: SparseTensor;
    if (memory === undefined) {
      copy = sharedTensor(tensor);
    } else {
      const laidOut: PoolArrayData[] = [];
      copy = sharedTensor(tensor, (a) => {
        if (this.inPool(a)) return a;
        const c = memory.copyOf(a);
        laidOut.push(c);
        return c;
      });
      this.#laidOut.set(id, laidOut);
    }
    this.#executor.addTensor({
      kind: 'tensor',
      id,
      shape: copy.shape,
      format: copy.format,
      positions: copy.positions,
      coordinates: copy.coordinates,
      values: copy.values,
      pooled: memory !== undefined,
    });
    this.#ids.set(tensor, id);
    this.#registry.register(tensor, { id, tensor: true });
    return id;
  }

  arrayId(array: AnyValues): number {
    const known = this.#ids.get(array);
    if (known !== undefined) return known;
    const id = this.#nextId++;
    this.#executor.addArray({ kind: 'array', id, data: array, pooled: this.inPool(array) });
    this.#ids.set(array, id);
    this.#registry.register(array, { id, tensor: false });
    return id;
  }

  /** Whether `a` lies in a live array of the pool memory (read there in place). */
  inPool(a: ArrayBufferView): boolean {
    return this.memory?.holdsLive(a) ?? false;
  }

  scratch(owner: object, slot: string, like: AnyValues, length: number): AnyValues {
    let slots = this.#scratch.get(owner);
    if (slots === undefined) {
      slots = new Map();
      this.#scratch.set(owner, slots);
      if (this.memory !== undefined) this.#scratchRegistry.register(owner, slots);
    }
    const held = slots.get(slot);
    if (held !== undefined && held.constructor === like.constructor && held.length >= length) {
      if (this.memory === undefined) return held;
      // A view of the memory's current buffer, kept, so that later calls hand the same array on.
      const current = this.memory.current(held);
      slots.set(slot, current);
      return current;
    }
    if (held !== undefined) this.memory?.release(held);
    const type = like.constructor as new (n: number) => AnyValues;
    const fresh =
      this.memory === undefined
        ? sharedLike(like as ValueArray, Math.max(length, 1))
        : this.memory.allocate(type as never, Math.max(length, 1));
    slots.set(slot, fresh as AnyValues);
    return fresh as AnyValues;
  }

  runBlocks(blocks: readonly RunBlock[]): (BlockStorage | undefined)[] | undefined {
    this.#check();
    this.lastWorkerBlocks = 0;
    const onWorkers = blocks.slice(1);
    if (!onWorkers.every((block, w) => writeJob(this.#jobs[w] as Float64Array, block))) {
      return undefined;
    }
    this.#forgetCollected();
    const control = this.#control;
    const words = (w: number) => WAKE + WORDS_PER_WORKER * w;
    Atomics.store(control, PENDING, onWorkers.length);
    onWorkers.forEach((block, w) => {
      for (const operand of block.operands) {
        if ('tensor' in operand) this.#tell(w, operand.tensor, true);
        else if ('array' in operand) this.#tell(w, operand.array, false);
      }
      if (block.output !== undefined) this.#tell(w, block.output.array, false);
      if (block.copyTo !== 0) this.#tell(w, block.copyTo, false);
      Atomics.store(control, words(w) + CLAIM, 0);
      Atomics.store(control, words(w) + BLOCK_MICROS, 0);
      Atomics.add(control, words(w) + JOB_NUMBER, 1);
      this.#wake(w);
    });
    const outputs: (BlockStorage | undefined)[] = [];
    let error: unknown;
    const runHere = (block: RunBlock) => {
      try {
        outputs.push(this.#executor.run(block));
      } catch (e) {
        outputs.push(undefined);
        error ??= e;
      }
    };
    const start = performance.now();
    runHere(blocks[0] as RunBlock);
    const ownEnd = performance.now();
    // A block no worker has claimed yet (its worker asleep, descheduled or still loading) is
    // run here: the call never waits for a thread to start.
    const taken = onWorkers.map((_, w) => {
      if (Atomics.compareExchange(control, words(w) + CLAIM, 0, 2) !== 0) return false;
      Atomics.sub(control, PENDING, 1);
      return true;
    });
    onWorkers.forEach((block, w) => {
      if (taken[w]) runHere(block);
      else outputs.push(undefined);
    });
    for (let pending = Atomics.load(control, PENDING); pending !== 0; ) {
      if (Atomics.load(control, BROKEN) !== 0) {
        this.#failure ??= 'a worker failed to load its modules';
        throw new SparseThreadPoolError(`a worker of the pool failed to load its modules`);
      }
      // Woken by the last block, or by a worker that failed to load (checked above).
      this.#spin.waitWhile(control, PENDING, pending, BROKEN_CHECK_MS);
      pending = Atomics.load(control, PENDING);
    }
    const end = performance.now();
    // The slowest worker ended when the wait (or the blocks run here) did, or (none waited for)
    // after its own time.
    let workersMs = end - ownEnd < 0.001 ? 0 : end - start;
    for (let w = 0; w < onWorkers.length && workersMs === 0; w++) {
      workersMs = Math.max(workersMs, Atomics.load(control, words(w) + BLOCK_MICROS) / 1000);
    }
    // A block run here counts as a worker that ended with this thread: one that does not start
    // in time gets fewer rows in the next calls.
    this.lastTimes = { ownMs: ownEnd - start, workersMs };
    this.lastWorkerBlocks = taken.filter((here) => !here).length;
    onWorkers.forEach((block, w) => {
      if (taken[w]) return;
      const answer = (this.#workers[w] as StartedWorker).receive() as FromWorker | undefined;
      // A failed block whose answer cannot be read (a browser's worker) runs again here, where
      // it throws its own error (kernels are deterministic).
      if (answer === undefined && Atomics.load(control, words(w) + BLOCK_MICROS) === FAILED_BLOCK) {
        try {
          outputs[w + 1] = this.#executor.run(block);
        } catch (e) {
          error ??= e;
        }
        return;
      }
      // A dense output's block needs no answer; an error would have been posted.
      if (answer === undefined && block.output !== undefined) return;
      if (answer === undefined) {
        error ??= new SparseThreadPoolError(`worker ${w} finished without an answer`);
      } else if (answer.kind === 'error') {
        error ??= new SparseThreadPoolError(
          `a row block failed on worker ${w}: ${answer.name}: ${answer.message}`,
        );
      } else {
        outputs[w + 1] = answer.storage;
      }
    });
    if (error !== undefined) throw error;
    return outputs;
  }

  /** Tells worker `w` of shared tensor or array `id` if it does not know it yet. */
  #tell(w: number, id: number, tensor: boolean): void {
    const known = this.#known[w] as Set<number>;
    if (known.has(id)) return;
    const worker = this.#workers[w] as StartedWorker;
    if (tensor) {
      const t = this.#executor.tensor(id);
      worker.post({
        kind: 'tensor',
        id,
        shape: t.shape,
        format: t.format,
        positions: t.positions,
        coordinates: t.coordinates,
        values: t.values,
        pooled: this.memory !== undefined,
      } satisfies ToWorker);
    } else {
      const data = this.#executor.array(id);
      worker.post({ kind: 'array', id, data, pooled: this.inPool(data) } satisfies ToWorker);
    }
    known.add(id);
  }

  /** Forgets, on every thread, the shared tensors and arrays the caller no longer holds. */
  #forgetCollected(): void {
    const { tensors, arrays } = this.#forgotten;
    if (tensors.length + arrays.length === 0) return;
    this.#executor.forget(tensors, arrays);
    for (const id of tensors) {
      for (const array of this.#laidOut.get(id) ?? []) this.memory?.release(array);
      this.#laidOut.delete(id);
    }
    this.#known.forEach((known, w) => {
      const told = (ids: number[]) => ids.filter((id) => known.delete(id));
      const message = { kind: 'forget', tensors: told(tensors), arrays: told(arrays) } as const;
      if (message.tensors.length + message.arrays.length > 0) {
        (this.#workers[w] as StartedWorker).post(message);
      }
    });
    tensors.length = 0;
    arrays.length = 0;
  }
}
