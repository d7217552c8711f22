/**
 * The junk-call harness: every exported function, constructor and static method of every
 * package entry, called with the junk corpus (junk-corpus.ts) in several argument positions, in
 * a worker thread. A call that throws anything but a `TilekitError` (or the caller's own trap,
 * passed through unchanged), whose promise never settles, that stops making progress (a hang:
 * the worker is terminated and restarted after it) or that kills the worker is a failure.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  JunkCallFailure,
  JunkCallMessage,
  JunkCallTarget,
  JunkWorkerData,
} from './junk-call-protocol.js';
import type { PackageEntry } from './package-entries.js';

/** The outcome of one harness run. */
export interface JunkCallReport {
  readonly targets: readonly JunkCallTarget[];
  readonly calls: number;
  readonly failures: readonly JunkCallFailure[];
}

/** Options of a run. */
export interface JunkCallOptions {
  readonly seed: number;
  /** A call making no progress for this long is a hang. */
  readonly hangMs: number;
  /** A returned promise pending for this long is a hang. */
  readonly promiseMs: number;
  /** Heap limit of the worker: a call that allocates past it is a crash, not a dead test run. */
  readonly heapMb: number;
  /**
   * The share of the planned calls to make (default 1, all): every target keeps its calls in
   * each argument position, but only a seeded draw of its junk values and prefixes.
   */
  readonly sample?: number;
  /** Called every 2,000 calls, and for each call still running after a second. */
  readonly onProgress?: (index: number, target: JunkCallTarget | undefined) => void;
  /** Called with each failure as it is found. */
  readonly onFailure?: (failure: JunkCallFailure) => void;
}

const workerFile = new URL('./junk-call-worker.ts', import.meta.url).href;
/** tsx's ESM registration API, which lets the worker import TypeScript sources. */
const tsxApi = ((): string => {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = manifest.exports['./esm/api']?.import.default as string;
  return pathToFileURL(join(dirname(manifestPath), api)).href;
})();

/** Runs the worker from call `start`; resolves when it finishes, hangs or dies. */
function runFrom(
  entries: readonly PackageEntry[],
  options: JunkCallOptions,
  start: number,
  onMessage: (message: JunkCallMessage) => void,
  targetOf: (index: number) => JunkCallTarget | undefined,
): Promise<{ finished: boolean; stoppedAt: number; problem?: string }> {
  const progress = new SharedArrayBuffer(4);
  const counters = new Int32Array(progress);
  Atomics.store(counters, 0, start);
  const data: JunkWorkerData = {
    entries,
    seed: options.seed,
    start,
    progress,
    promiseMs: options.promiseMs,
    sample: options.sample ?? 1,
  };
  const worker = new Worker(
    `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile)}); });`,
    {
      eval: true,
      workerData: data,
      execArgv: ['--conditions=@tilekit/source'],
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
      stdout: true,
      stderr: true,
    },
  );
  // A called function may print (the CLI's default IO); drain it so the worker never blocks.
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise((resolve) => {
    let finished = false;
    let lastIndex = -1;
    let lastChange = Date.now();
    // Importing every entry takes a while on a busy machine: calls are watched once planned.
    let planned = false;
    let reported = false;
    const watch = setInterval(() => {
      const index = Atomics.load(counters, 0);
      if (!planned) {
        lastChange = Date.now();
      } else if (index !== lastIndex) {
        if (Math.floor(index / 2000) !== Math.floor(lastIndex / 2000)) {
          options.onProgress?.(index, targetOf(index));
        }
        lastIndex = index;
        lastChange = Date.now();
        reported = false;
      } else if (!reported && Date.now() - lastChange > 1000) {
        reported = true;
        options.onProgress?.(index, targetOf(index));
      } else if (Date.now() - lastChange > options.hangMs) {
        clearInterval(watch);
        void worker.terminate();
        resolve({
          finished: false,
          stoppedAt: index,
          problem: `made no progress for ${options.hangMs} ms (a hang)`,
        });
      }
    }, 100);
    worker.on('message', (message: JunkCallMessage) => {
      if (message.kind === 'planned') planned = true;
      if (message.kind === 'done') finished = true;
      onMessage(message);
    });
    worker.on('error', (error) => {
      clearInterval(watch);
      resolve({
        finished: false,
        stoppedAt: Atomics.load(counters, 0),
        problem: `killed the worker: ${error.name}: ${error.message.split('\n')[0]}`,
      });
    });
    worker.on('exit', () => {
      clearInterval(watch);
      resolve(
        finished
          ? { finished: true, stoppedAt: -1 }
          : {
              finished: false,
              stoppedAt: Atomics.load(counters, 0),
              problem: 'ended the worker',
            },
      );
    });
  });
}

/** Runs every junk call of `entries`; hangs and crashes restart the worker after the call. */
export async function runJunkCalls(
  entries: readonly PackageEntry[],
  options: JunkCallOptions,
): Promise<JunkCallReport> {
  const failures: JunkCallFailure[] = [];
  let targets: JunkCallTarget[] = [];
  let calls: Int32Array = new Int32Array(0);
  let junkLabels: string[] = [];
  let total = 0;
  let start = 0;
  for (;;) {
    const run = await runFrom(
      entries,
      options,
      start,
      (message) => {
        if (message.kind === 'planned') {
          ({ targets, calls, junkLabels } = message);
          total = calls.length / 3;
        } else if (message.kind === 'failure') {
          failures.push(message);
          options.onFailure?.(message);
        }
      },
      (index) => targets[calls[3 * index] as number],
    );
    if (run.finished) break;
    if (total === 0) throw new Error(`the junk-call worker failed to start: ${run.problem}`);
    const at = run.stoppedAt;
    const target = targets[calls[3 * at] as number] as JunkCallTarget;
    const failure: JunkCallFailure = {
      kind: 'failure',
      index: at,
      ...target,
      position: calls[3 * at + 1] as number,
      junk: junkLabels[calls[3 * at + 2] as number] as string,
      problem: run.problem ?? 'stopped',
    };
    failures.push(failure);
    options.onFailure?.(failure);
    start = run.stoppedAt + 1;
    if (start >= total) break;
  }
  return { targets, calls: total, failures };
}
