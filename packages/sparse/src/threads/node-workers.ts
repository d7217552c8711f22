/**
 * Starting the pool's workers with Node's `worker_threads`. The worker runs the built
 * `pool-worker.js` beside this file; run from the TypeScript sources (the repository's tests),
 * it runs `pool-worker.ts` through tsx with the sources' export condition.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from 'node:worker_threads';
import type { PoolWorkerData } from './pool-worker.js';

const fromSources = import.meta.url.endsWith('.ts');

/** The code a worker runs: the built worker module, or the source one through tsx. */
function workerEntry(): { code: string | URL; eval: boolean; execArgv?: string[] } {
  if (!fromSources) return { code: new URL('./pool-worker.js', import.meta.url), eval: false };
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = pathToFileURL(
    join(dirname(manifestPath), manifest.exports['./esm/api']?.import.default as string),
  ).href;
  const worker = new URL('./pool-worker.ts', import.meta.url).href;
  return {
    code: `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`,
    eval: true,
    execArgv: ['--conditions=@tilekit/source'],
  };
}

/** A started worker and the port the caller talks to it on. */
export interface StartedWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
  /** The next message the worker posted, read without the event loop (`undefined`: none). */
  receive(): unknown;
}

/**
 * Starts worker `index` on the control words `control` and its job area `job`; resolves once it serves (it has
 * loaded its modules), rejects if it fails to. `onFailure` hears of an error or exit after that.
 */
export function startWorker(
  control: SharedArrayBuffer,
  job: SharedArrayBuffer,
  index: number,
  onFailure: (problem: unknown) => void,
): Promise<StartedWorker> {
  const channel = new MessageChannel();
  const entry = workerEntry();
  const data: PoolWorkerData = { control, job, index, port: channel.port2 };
  const worker = new Worker(entry.code, {
    eval: entry.eval,
    workerData: data,
    transferList: [channel.port2],
    ...(entry.execArgv === undefined ? {} : { execArgv: entry.execArgv }),
  });
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      worker.off('message', ready);
      reject(
        error instanceof Error ? error : new Error(`worker exited with code ${String(error)}`),
      );
    };
    const ready = (message: unknown) => {
      if (message !== 'ready') return;
      worker.off('message', ready);
      worker.off('error', fail);
      worker.off('exit', fail);
      worker.on('error', onFailure);
      // A pool left undisposed must not keep the process alive.
      worker.unref();
      const port = channel.port1;
      resolve({ worker, port, receive: () => receiveMessageOnPort(port)?.message });
    };
    worker.on('message', ready);
    worker.once('error', fail);
    worker.once('exit', fail);
  });
}
