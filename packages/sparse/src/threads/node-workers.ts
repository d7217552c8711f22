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
import { BROKEN, PENDING } from './protocol.js';

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

/** A started worker and the port the caller talks to it on. */
export interface StartedWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
  /** The next message the worker posted, read without the event loop (`undefined`: none). */
  receive(): unknown;
}

/**
 * Starts worker `index` on the control words `control` and its job area `job`, with the
 * pool's wasm memory `memory` if it has one. It loads its
 * modules in the background; messages and blocks sent meanwhile wait for it. `onFailure`
 * hears of an uncaught error in it. The worker does not keep the process alive.
 */
export function startWorker(
  control: SharedArrayBuffer,
  job: SharedArrayBuffer,
  index: number,
  memory: WebAssembly.Memory | undefined,
  onFailure: (problem: unknown) => void,
): StartedWorker {
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
  return { worker, port, receive: () => receiveMessageOnPort(port)?.message };
}
