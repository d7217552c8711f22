/**
 * A worker of a {@link SparseThreadPool} in a browser (a module worker of a cross-origin
 * isolated page). It does what the Node worker (pool-worker.ts) does, but a browser has no
 * synchronous read of a port: messages (kernels to compile, shared tensors and arrays to keep)
 * are applied as the worker's event loop delivers them, so it waits for its wake-up word with
 * `Atomics.waitAsync` after a short look, and a claimed block that names something not in yet
 * waits for the next message. A failed block marks its time word (protocol.ts), which the
 * calling thread reads, since a page's thread cannot read the worker's answer while it waits.
 */
import { BlockExecutor } from './block-executor.js';
import { readJob } from './job-area.js';
import { PoolMemory } from './pool-memory.js';
import { CLAIM, JOB_NUMBER, type ToWorker, WAKE, WORDS_PER_WORKER } from './protocol.js';
import { SpinWait } from './spin-wait.js';
import { applyMessage, blockDone, runClaimedBlock } from './worker-jobs.js';

/** What the pool posts a browser worker first. */
export interface BrowserWorkerData {
  readonly control: SharedArrayBuffer;
  /** This worker's job area (a `Float64Array`'s buffer). */
  readonly job: SharedArrayBuffer;
  readonly index: number;
  /** The pool's shared wasm memory (pool-memory.ts), if it has one. */
  readonly memory: WebAssembly.Memory | undefined;
}

/** The worker's scope, as far as it is used here. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

/** `Atomics.waitAsync` (ES2024; every browser with module workers and shared memory has it). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: false } | { async: true; value: Promise<unknown> };
  }
).waitAsync;

let executor: BlockExecutor | undefined;
let exited = false;
/** Resolves the wait of a block that named something not in yet, on the next message. */
let nextMessage: (() => void) | undefined;

scope.onmessage = (event) => {
  if (executor === undefined) {
    const data = event.data as BrowserWorkerData;
    executor = new BlockExecutor(
      data.memory === undefined ? undefined : new PoolMemory(data.memory),
    );
    void serve(data, executor);
    return;
  }
  if (!applyMessage(event.data as ToWorker, executor)) exited = true;
  nextMessage?.();
};

async function serve(data: BrowserWorkerData, executor: BlockExecutor): Promise<void> {
  const control = new Int32Array(data.control);
  const job = new Float64Array(data.job);
  const wake = WAKE + WORDS_PER_WORKER * data.index;
  const spin = new SpinWait();
  let woken = 0;
  let jobs = 0;
  while (!exited) {
    if (!spin.look(control, wake, woken)) {
      const wait = waitAsync(control, wake, woken);
      if (wait.async) await wait.value;
    }
    woken = Atomics.load(control, wake);
    const latest = Atomics.load(control, wake + JOB_NUMBER);
    if (latest === jobs) continue;
    jobs = latest;
    // Taken by the caller, which runs a block no worker claimed by the end of its own.
    if (Atomics.compareExchange(control, wake + CLAIM, 0, 1) !== 0) continue;
    // The block claimed may be a later call's than `latest`: read it after the claim.
    const block = readJob(job);
    while (!executor.knows(block) && !exited) {
      await new Promise<void>((resolve) => {
        nextMessage = resolve;
      });
    }
    nextMessage = undefined;
    if (exited) break;
    runClaimedBlock(control, wake, executor, block);
    blockDone(control);
  }
  scope.close();
}
