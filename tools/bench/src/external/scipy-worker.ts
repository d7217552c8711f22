/**
 * The Node side of the scipy worker (`tools/bench/python/scipy-worker.py`): one Python process
 * per suite, which holds the operands the suite generated, builds scipy objects from them once,
 * and times scipy.sparse operations with `time.perf_counter` on request. Operands and results
 * travel as raw little-endian array files in a private temporary directory.
 *
 * A worker's {@link ScipyWorker.baseline} is a {@link BenchFn} whose time per call is what
 * Python measured, so the harness interleaves scipy's rounds with tilekit's as it does for any
 * candidate, and the round trip to the worker is not counted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchFn } from '../harness.js';
import { findScipyPython } from './find-scipy.js';

/** The worker script, beside this package's sources. */
export const SCIPY_WORKER_SCRIPT = fileURLToPath(
  new URL('../../python/scipy-worker.py', import.meta.url),
);

/** Arrays an operand may be handed over as. */
export type OperandArray = Float64Array | Float32Array | Int32Array | Uint32Array;

const DTYPE_OF = new Map<unknown, string>([
  [Float64Array, 'float64'],
  [Float32Array, 'float32'],
  [Int32Array, 'int32'],
  [Uint32Array, 'uint32'],
]);

/**
 * A result read back from scipy: a CSR or CSC matrix (indices sorted within each row or
 * column), a COO array of any rank in its stored order (`coords[d][k]`: entry `k`'s
 * coordinate in dimension `d`), or a dense array (row-major).
 */
export type ScipyResult =
  | {
      readonly kind: 'csr' | 'csc';
      readonly shape: readonly number[];
      readonly indptr: Int32Array;
      readonly indices: Int32Array;
      readonly data: Float64Array;
    }
  | {
      readonly kind: 'coo';
      readonly shape: readonly number[];
      readonly coords: readonly Int32Array[];
      readonly data: Float64Array;
    }
  | { readonly kind: 'dense'; readonly shape: readonly number[]; readonly data: Float64Array };

/** Versions the worker runs with, for the report. */
export interface ScipyVersions {
  readonly python: string;
  readonly numpy: string;
  readonly scipy: string;
}

interface WireArray {
  readonly path: string;
  readonly dtype: 'int32' | 'float64';
  readonly length: number;
}

type Answer = { readonly id: number; readonly ok: boolean; readonly error?: string } & Record<
  string,
  unknown
>;

/** A copy of the file's bytes as the typed array `dtype` names. */
function readArray(wire: WireArray): Int32Array | Float64Array {
  const bytes = readFileSync(wire.path);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const array = wire.dtype === 'int32' ? new Int32Array(buffer) : new Float64Array(buffer);
  if (array.length !== wire.length) {
    throw new Error(
      `scipy worker: ${wire.path} holds ${array.length} elements, expected ${wire.length}`,
    );
  }
  return array;
}

/** A running scipy worker. Start one with {@link ScipyWorker.start}; `close` it when done. */
export class ScipyWorker {
  readonly #child: ChildProcess;
  readonly #dir: string;
  readonly #pending = new Map<
    number,
    { resolve: (a: Answer) => void; reject: (e: Error) => void }
  >();
  #nextId = 0;
  #stderr = '';
  #exited: Error | undefined;
  /** Python, NumPy and SciPy versions (known once `start` resolves). */
  versions: ScipyVersions = { python: '?', numpy: '?', scipy: '?' };

  private constructor(python: string) {
    this.#dir = mkdtempSync(join(tmpdir(), 'tilekit-scipy-'));
    this.#child = spawn(python, ['-u', SCIPY_WORKER_SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    // A write after the worker died fails here; the exit handler below reports why.
    this.#child.stdin!.on('error', () => {});
    this.#child.stderr!.setEncoding('utf8');
    this.#child.stderr!.on('data', (text: string) => {
      this.#stderr = (this.#stderr + text).slice(-4000);
    });
    createInterface({ input: this.#child.stdout! }).on('line', (line) => {
      let answer: Answer;
      try {
        answer = JSON.parse(line) as Answer;
      } catch {
        this.#stderr = `${this.#stderr}\n(stdout) ${line}`.slice(-4000);
        return;
      }
      const waiting = this.#pending.get(answer.id);
      if (waiting === undefined) return;
      this.#pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer);
      else waiting.reject(new Error(`scipy worker: ${answer.error}`));
    });
    const fail = (why: string) => {
      this.#exited = new Error(`scipy worker (${python}) ${why}${this.#stderrTail()}`);
      for (const waiting of this.#pending.values()) waiting.reject(this.#exited);
      this.#pending.clear();
    };
    this.#child.on('error', (error) => fail(`could not run: ${error.message}`));
    this.#child.on('exit', (code, signal) => fail(`exited with ${signal ?? `code ${code}`}`));
  }

  #stderrTail(): string {
    const tail = this.#stderr.trim().split('\n').slice(-3).join(' | ');
    return tail === '' ? '' : `: ${tail}`;
  }

  /** Starts the worker on `python` and waits until it answers. */
  static async start(python: string): Promise<ScipyWorker> {
    const worker = new ScipyWorker(python);
    try {
      const hello = await worker.#request({ op: 'hello' });
      worker.versions = {
        python: String(hello.python),
        numpy: String(hello.numpy),
        scipy: String(hello.scipy),
      };
    } catch (error) {
      await worker.close();
      throw error;
    }
    return worker;
  }

  #request(request: Record<string, unknown>): Promise<Answer> {
    if (this.#exited !== undefined) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#child.stdin!.write(`${JSON.stringify({ ...request, id })}\n`);
    });
  }

  /** Hands `array` to the worker as the NumPy array `name`. */
  async load(name: string, array: OperandArray): Promise<void> {
    const dtype = DTYPE_OF.get(array.constructor);
    if (dtype === undefined)
      throw new Error(`scipy worker: cannot hand over a ${array.constructor.name}`);
    const path = join(this.#dir, `in-${this.#nextId}.bin`);
    writeFileSync(path, new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    try {
      await this.#request({ op: 'load', name, path, dtype });
    } finally {
      rmSync(path, { force: true });
    }
  }

  /** Binds `name` to the value of the Python expression `expr`; resolves to a description of it. */
  async define(name: string, expr: string): Promise<string> {
    return String((await this.#request({ op: 'define', name, expr })).describe);
  }

  /** Total milliseconds of `batch` evaluations of `expr`, as Python's `perf_counter` measured. */
  async time(expr: string, batch: number): Promise<number> {
    return Number((await this.#request({ op: 'time', expr, batch })).ms);
  }

  /** The value of `expr`, read back (see {@link ScipyResult}). */
  async fetch(expr: string): Promise<ScipyResult> {
    const dir = join(this.#dir, `out-${this.#nextId}`);
    mkdirSync(dir);
    try {
      const answer = await this.#request({ op: 'fetch', expr, dir });
      const shape = answer.shape as number[];
      const arrays = answer.arrays as Record<string, WireArray>;
      const read = <T extends Int32Array | Float64Array>(field: string) =>
        readArray(arrays[field]!) as T;
      switch (answer.kind) {
        case 'csr':
        case 'csc':
          return {
            kind: answer.kind,
            shape,
            indptr: read('indptr'),
            indices: read('indices'),
            data: read('data'),
          };
        case 'coo':
          return {
            kind: 'coo',
            shape,
            coords: shape.map((_, d) => read<Int32Array>(`coord${d}`)),
            data: read('data'),
          };
        default:
          return { kind: 'dense', shape, data: read('data') };
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /**
   * A candidate that runs `expr` in the worker: `fn` makes one call there (a warm-up),
   * `measure` times a batch there.
   */
  baseline(label: string, expr: string): BenchFn {
    return {
      label,
      fn: () => this.time(expr, 1),
      measure: (batch) => this.time(expr, batch),
    };
  }

  /** Ends the worker (it exits when its input closes) and removes its files. */
  async close(): Promise<void> {
    if (this.#exited === undefined) {
      const exited = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
      this.#child.stdin!.end();
      await exited;
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** A started worker, or the reason scipy cannot be measured here. */
export type ScipyOpening =
  | { readonly worker: ScipyWorker; readonly reason?: undefined }
  | { readonly worker?: undefined; readonly reason: string };

/**
 * Finds a Python with scipy (see find-scipy.ts, which may make an environment on first use)
 * and starts a worker on it; never throws, so a suite can print why scipy is missing.
 */
export async function openScipy(): Promise<ScipyOpening> {
  const lookup = findScipyPython();
  if (!lookup.found) return { reason: lookup.reason };
  try {
    return { worker: await ScipyWorker.start(lookup.python) };
  } catch (error) {
    return { reason: (error as Error).message };
  }
}
