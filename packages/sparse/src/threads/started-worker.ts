/** A worker of the pool as the calling thread holds it, whatever starts it (Node or a browser). */
import type { ToWorker } from './protocol.js';

/** A started worker. */
export interface StartedWorker {
  /** Posts `message` to the worker (it reads it after its next wake-up). */
  post(message: ToWorker): void;
  /**
   * The next message the worker posted, read without the event loop: `undefined` when none
   * is waiting, and always where the platform cannot read one so (a browser).
   */
  receive(): unknown;
  /** Stops the worker. */
  terminate(): Promise<void>;
}

/**
 * Starts worker `index` on the control words `control` and its job area `job`, with the
 * pool's wasm memory `memory` if it has one. It loads its modules in the background; messages
 * and blocks sent meanwhile wait for it. `onFailure` hears of an uncaught error in it.
 */
export type WorkerStarter = (
  control: SharedArrayBuffer,
  job: SharedArrayBuffer,
  index: number,
  memory: WebAssembly.Memory | undefined,
  onFailure: (problem: unknown) => void,
) => StartedWorker;

/** Whether workers of this platform's kind post answers the calling thread can read at once. */
export interface WorkerPlatform {
  readonly startWorker: WorkerStarter;
  readonly answersReadable: boolean;
}
