/**
 * Starting the pool's workers with Node's `worker_threads`. The worker runs the built
 * `pool-worker.js` beside this file; run from the TypeScript sources (the repository's tests),
 * it runs `pool-worker.ts` through tsx with the sources' export condition.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { PoolWorkerData } from './pool-worker.js';
import { BROKEN, PENDING } from './protocol.js';
import type { WorkerPlatform, WorkerStarter } from './started-worker.js';

const fromSources = import.meta.url.endsWith('.ts');

/**
 * The script a worker runs: it imports the worker module (the built one, or the source one
 * through tsx), and if that fails it raises the pool's broken flag, so that a caller waiting
 * for the worker's block stops waiting.
 */
function workerScript(): { code: string; execArgv?: string[] } {
  const flagBroken = `(error) => { const c = new Int32Array(require('node:worker_threads').workerData.control); Atomics.store(c, ${BROKEN}, 1); Atomics.notify(c, ${PENDING}); throw error; }`;
  if (!fromSources) {
    const worker = new URL('./pool-worker.js', import.meta.url).href;
    return { code: `import(${JSON.stringify(worker)}).catch(${flagBroken});` };
  }
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
    code: `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); }).catch(${flagBroken});`,
    execArgv: ['--conditions=@tilekit/source'],
  };
}

/**
 * Starts a worker thread (see {@link WorkerStarter}); the worker does not keep the process
 * alive.
 */
export const startWorker: WorkerStarter = (control, job, index, memory, onFailure) => {
  const channel = new MessageChannel();
  const script = workerScript();
  const data: PoolWorkerData = { control, job, index, port: channel.port2, memory };
  const worker = new Worker(script.code, {
    eval: true,
    workerData: data,
    transferList: [channel.port2],
    ...(script.execArgv === undefined ? {} : { execArgv: script.execArgv }),
  });
  worker.on('error', onFailure);
  worker.unref();
  const port = channel.port1;
  return {
    post: (message) => port.postMessage(message),
    receive: () => receiveMessageOnPort(port)?.message,
    terminate: async () => {
      await worker.terminate();
      port.close();
    },
  };
};

/** Node's workers: their answers are read synchronously off their ports. */
export const NODE_WORKERS: WorkerPlatform = { startWorker, answersReadable: true };
