/**
 * What every pool worker does with what the calling thread sends it, whatever its platform:
 * applies a message to its executor, and runs a claimed block, recording the block's time (or
 * its failure) where the caller reads it and dropping the pending count once it is done.
 */
import type { BlockExecutor } from './block-executor.js';
import {
  BLOCK_MICROS,
  FAILED_BLOCK,
  type FromWorker,
  PENDING,
  type RunBlock,
  type ToWorker,
} from './protocol.js';

/** Applies `message` to `executor`; false once told to exit. */
export function applyMessage(message: ToWorker, executor: BlockExecutor): boolean {
  switch (message.kind) {
    case 'exit':
      return false;
    case 'kernel':
      // The calling thread built the same recipe first, so this does not throw; if it did,
      // the kernel's blocks would answer that it is unknown.
      try {
        executor.addKernel(message.recipe);
      } catch {}
      break;
    case 'tensor':
      executor.addTensor(message);
      break;
    case 'array':
      executor.addArray(message);
      break;
    case 'forget':
      executor.forget(message.tensors, message.arrays);
      break;
  }
  return true;
}

/**
 * Runs `block`, claimed by the worker whose words start at `wake`: its time (µs) or
 * {@link FAILED_BLOCK} goes into the worker's time word, and the answer (its part of a
 * formatted output, or the error) is returned for the worker to post before {@link blockDone}.
 */
export function runClaimedBlock(
  control: Int32Array,
  wake: number,
  executor: BlockExecutor,
  block: RunBlock,
): FromWorker {
  const start = performance.now();
  let answer: FromWorker;
  try {
    answer = { kind: 'done', storage: executor.run(block) };
  } catch (error) {
    const e = error as { name?: unknown; message?: unknown };
    answer = {
      kind: 'error',
      name: String(e?.name ?? 'Error'),
      message: String(e?.message ?? error),
    };
  }
  const micros = Math.min(2 ** 31 - 1, Math.round((performance.now() - start) * 1000));
  Atomics.store(control, wake + BLOCK_MICROS, answer.kind === 'error' ? FAILED_BLOCK : micros);
  return answer;
}

/** The worker's block is done (and its answer posted): the caller stops waiting for it. */
export function blockDone(control: Int32Array): void {
  Atomics.sub(control, PENDING, 1);
  Atomics.notify(control, PENDING);
}
