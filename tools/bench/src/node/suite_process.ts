/**
 * The runner's side: runs one suite bundle in a fresh `node` process and reads back its result,
 * together with the V8 protector cells the process invalidated (V8 prints them with
 * `--trace-protector-invalidation`; they decide which fast paths optimised code may assume).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { SuiteResult } from '../harness.js';
import { STEADY_MALLOC_ENV } from './steady_allocator.js';
import type { ChildReport } from './suite_child.js';

/** How one suite process ran. */
export interface SuiteRun extends ChildReport {
  /** Protector cells V8 invalidated in the measured process, in order (e.g. ArrayBufferDetaching). */
  readonly invalidatedProtectors: readonly string[];
}

const PROTECTOR_LINE = /^Invalidating protector cell (\w+)/;

/** Runs `bundle` in a child `node`; `detach` asks it to detach a buffer before anything runs. */
export function runSuiteProcess(bundle: string, detach: boolean): Promise<SuiteRun> {
  const child = spawn(process.execPath, ['--trace-protector-invalidation', bundle], {
    stdio: ['inherit', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...STEADY_MALLOC_ENV, TILEKIT_BENCH_DETACH: detach ? '1' : '0' },
  });
  const invalidatedProtectors: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const protector = PROTECTOR_LINE.exec(line);
    if (protector) invalidatedProtectors.push(protector[1]!);
    else console.log(line);
  });
  let report: ChildReport | undefined;
  child.on('message', (message) => {
    report = message as ChildReport;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0 && report !== undefined) resolve({ ...report, invalidatedProtectors });
      else
        reject(
          new Error(`${bundle}: the suite process ended with ${signal ?? `exit code ${code}`}`),
        );
    });
  });
}

/**
 * The report line about typed-array checks for one run. V8 prints an invalidation once per
 * isolate, and the suite's worker threads (a thread pool's) each have their own, whose state
 * does not slow the main thread; the trace does not say which isolate it came from.
 */
export function protectorNote(run: SuiteRun, detached: boolean): string {
  const detaching = run.invalidatedProtectors.filter((p) => p === 'ArrayBufferDetaching').length;
  if (detached)
    return 'process state: an ArrayBuffer was detached first, so V8 checks every typed-array access (slower loops, native copies unchanged)';
  return detaching > 0
    ? `process state: ${detaching === 1 ? 'one thread' : `${detaching} threads`} of the suite (the main thread or a worker it started, e.g. one loading modules through a loader) detached an ArrayBuffer, after which V8 checks every typed-array access in that thread`
    : 'process state: no ArrayBuffer detached (as in an app that never transfers one): typed-array accesses are unchecked';
}

export type { SuiteResult };
