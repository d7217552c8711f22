/**
 * Starting the pool's workers in a browser: module workers running pool-worker-browser.js
 * beside this file (bundlers follow the `new URL(..., import.meta.url)` pattern), on a page
 * that is cross-origin isolated so that the control words, job areas and wasm memory can be
 * shared. A page cannot read a worker's message synchronously, so answers are not read: the
 * pool splits only kernels whose output is dense (written in shared memory) and learns of a
 * failed block from its time word.
 */
import type { BrowserWorkerData } from './pool-worker-browser.js';
import type { WorkerPlatform, WorkerStarter } from './started-worker.js';

/** Starts a module worker (see {@link WorkerStarter}). */
export const startWorker: WorkerStarter = (control, job, index, memory, onFailure) => {
  const worker = new Worker(new URL('./pool-worker-browser.js', import.meta.url), {
    type: 'module',
  });
  // A module that fails to load fires a bare Event, with no message of its own.
  worker.addEventListener('error', (event) =>
    onFailure(
      (event as Partial<ErrorEvent>).message ||
        "its module script failed to load (a dev server that prebundles dependencies, as Vite's does, needs @tilekit/sparse excluded from that)",
    ),
  );
  const data: BrowserWorkerData = { control, job, index, memory };
  worker.postMessage(data);
  return {
    post: (message) => worker.postMessage(message),
    receive: () => undefined,
    terminate: async () => worker.terminate(),
  };
};

/** A browser's module workers: their answers cannot be read while the caller waits. */
export const BROWSER_WORKERS: WorkerPlatform = { startWorker, answersReadable: false };
