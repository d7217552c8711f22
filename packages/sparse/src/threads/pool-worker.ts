/**
 * A worker of a {@link SparseThreadPool}: it waits on its wake-up word in shared memory
 * (looking at it briefly, then asleep: spin-wait.ts). On
 * each wake-up it reads every message waiting on its port (kernels to compile, shared tensors
 * and arrays to keep) synchronously, then, if its job number moved, claims the row block in
 * its job area and runs it (unless the calling thread claimed it first). The block's answer (its part of a formatted output, or an error) is posted
 * back before the pending count drops, so the caller finds it on the port once the count is 0.
 */
import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { BlockExecutor } from './block-executor.js';
import { readJob } from './job-area.js';
import { PoolMemory } from './pool-memory.js';
import type { FromWorker, ToWorker } from './protocol.js';
import { CLAIM, JOB_NUMBER, WAKE, WORDS_PER_WORKER } from './protocol.js';
import { SpinWait } from './spin-wait.js';
import { applyMessage, blockDone, runClaimedBlock } from './worker-jobs.js';

/** What the pool hands each worker. */
export interface PoolWorkerData {
  readonly control: SharedArrayBuffer;
  /** This worker's job area (a `Float64Array`'s buffer). */
  readonly job: SharedArrayBuffer;
  readonly index: number;
  readonly port: MessagePort;
  /** The pool's shared wasm memory (pool-memory.ts), if it has one. */
  readonly memory: WebAssembly.Memory | undefined;
}

/** The buffers a block's storage can hand over without a copy (never shared memory). */
function transferable(answer: FromWorker): ArrayBuffer[] {
  if (answer.kind !== 'done' || answer.storage === undefined) return [];
  const { positions, coordinates, values } = answer.storage;
  const buffers = new Set<ArrayBuffer>();
  for (const a of [...positions, ...coordinates, values]) {
    if (a !== undefined && a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
  }
  return [...buffers];
}

/** Applies the messages waiting on the port; false once told to exit. */
function readMessages(port: MessagePort, executor: BlockExecutor): boolean {
  for (;;) {
    const received = receiveMessageOnPort(port);
    if (received === undefined) return true;
    if (!applyMessage(received.message as ToWorker, executor)) return false;
  }
}

function serve(data: PoolWorkerData): void {
  const control = new Int32Array(data.control);
  const job = new Float64Array(data.job);
  const wake = WAKE + WORDS_PER_WORKER * data.index;
  const executor = new BlockExecutor(
    data.memory === undefined ? undefined : new PoolMemory(data.memory),
  );
  const spin = new SpinWait();
  // From the words' first values: whatever the pool sent while this worker loaded is done now.
  let woken = 0;
  let jobs = 0;
  for (;;) {
    spin.waitWhile(control, wake, woken);
    woken = Atomics.load(control, wake);
    // The job number before the messages: a call posts what its block needs before it bumps
    // the number, so every message of the latest job is in by now.
    const latest = Atomics.load(control, wake + JOB_NUMBER);
    if (!readMessages(data.port, executor)) break;
    if (latest === jobs) continue;
    jobs = latest;
    // Taken by the caller, which runs a block no worker claimed by the end of its own.
    if (Atomics.compareExchange(control, wake + CLAIM, 0, 1) !== 0) continue;
    // The block claimed may be a later call's than `latest` (the caller took the earlier one
    // and made the next call meanwhile): its messages were posted before its claim was reset.
    if (!readMessages(data.port, executor)) break;
    const answer = runClaimedBlock(control, wake, executor, readJob(job));
    // A dense output's block is in shared memory already: only a formatted one is posted.
    if (answer.kind === 'error' || answer.storage !== undefined) {
      data.port.postMessage(answer, transferable(answer));
    }
    blockDone(control);
  }
  data.port.close();
}

serve(workerData as PoolWorkerData);
