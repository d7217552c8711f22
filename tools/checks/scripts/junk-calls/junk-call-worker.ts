/**
 * The worker side of the junk-call harness (see junk-calls.ts): imports every entry, lists every
 * exported function, constructor and static method, and calls each with junk in several argument
 * positions (the positions before it hold plausible arguments), posting every outcome that is
 * neither a return nor a `TilekitError`. The index of the call under way is kept in shared
 * memory, so the parent can tell a hang from a slow run and restart after it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { parseShape } from '@tilekit/layout';
import { parseModule } from '@tilekit/loop-ir';
import { SparseTensor } from '@tilekit/sparse';
import type {
  JunkCallFailure,
  JunkCallMessage,
  JunkCallTarget,
  JunkWorkerData,
} from './junk-call-protocol.js';
import { CallerTrapError, junkCorpus } from './junk-corpus.js';

const data = workerData as JunkWorkerData;
const progress = new Int32Array(data.progress);
tf.env().set('IS_TEST', true);
await tf.setBackend('cpu');

const MODULE_TEXT = readFileSync(
  fileURLToPath(import.meta.resolve('@tilekit/conformance/corpus/dense_add_f32.mlir')),
  'utf8',
);

/** Plausible arguments: values some exported function accepts (made fresh for every call). */
const PLAUSIBLE: readonly (() => unknown)[] = [
  () => parseModule(MODULE_TEXT),
  () => MODULE_TEXT,
  () => 'dense_add_f32',
  () => 'builtin.module(canonicalize)',
  () => parseShape('f32[4,7]{1,0:T(2,2)}'),
  () => 'f32[4,7]{1,0:T(2,2)}',
  () => 'x(i) = A(i,j) * b(j)',
  () => 'CSR',
  () => 2,
  () => [4, 7],
  () => ({}),
  () => new Float32Array([1, 0, 2, 0, 0, 3]),
  () => tf.tensor2d([1, 0, 2, 0, 0, 3], [2, 3]),
  () => SparseTensor.fromDense([1, 0, 2, 0, 0, 3], [2, 3], 'CSR'),
];

/** Any function or class, as found among a module's exports. */
// biome-ignore lint/complexity/noBannedTypes: exports are called whatever their signature
type AnyFunction = Function;

const isClass = (f: AnyFunction): boolean => /^class\b/.test(Function.prototype.toString.call(f));

/** The static methods of a class, its own and inherited from its bases (not from `Error`'s). */
function staticMethods(type: AnyFunction): [string, AnyFunction][] {
  const found = new Map<string, AnyFunction>();
  for (let c: unknown = type; typeof c === 'function' && isClass(c); c = Object.getPrototypeOf(c)) {
    for (const key of Object.getOwnPropertyNames(c)) {
      const descriptor = Object.getOwnPropertyDescriptor(c, key);
      if (typeof descriptor?.value === 'function' && !found.has(key) && key !== 'constructor') {
        found.set(key, descriptor.value as AnyFunction);
      }
    }
  }
  return [...found];
}

interface Callable extends JunkCallTarget {
  readonly invoke: (args: unknown[]) => unknown;
  readonly arity: number;
}

/** Every callable export, each function object once (re-exports name the first entry). */
async function callables(): Promise<Callable[]> {
  const seen = new Set<AnyFunction>();
  const list: Callable[] = [];
  for (const entry of data.entries) {
    const exports = (await import(entry.specifier)) as Record<string, unknown>;
    for (const name of Object.keys(exports).sort()) {
      const value = exports[name];
      if (typeof value !== 'function' || seen.has(value)) continue;
      seen.add(value);
      const target = { entry: entry.specifier };
      if (isClass(value)) {
        const type = value as new (...args: unknown[]) => unknown;
        list.push({
          ...target,
          name: `new ${name}`,
          arity: type.length,
          invoke: (args) => new type(...args),
        });
        for (const [key, method] of staticMethods(value)) {
          list.push({
            ...target,
            name: `${name}.${key}`,
            arity: method.length,
            invoke: (args) => method.apply(value, args),
          });
        }
      } else {
        const f = value as (...args: unknown[]) => unknown;
        list.push({ ...target, name, arity: f.length, invoke: (args) => f(...args) });
      }
    }
  }
  return list;
}

/** One planned call: a callable, the junk's position and index, the plausible prefix. */
interface PlannedCall {
  readonly callable: Callable;
  readonly position: number;
  readonly junk: number;
  readonly prefix: readonly number[];
}

/** Prefixes drawn per junk value at positions after the first. */
const PREFIX_DRAWS = 3;
/** The last argument position tried (junk beyond the declared parameters included). */
const MAX_POSITION = 3;

function plan(list: readonly Callable[], junkCount: number): PlannedCall[] {
  const random = seededRandom(data.seed ^ 0x9e3779b9);
  // A separate stream, so that a sampled run makes a subset of exactly the full run's calls.
  const keep = seededRandom(data.seed ^ 0x85ebca6b);
  const calls: PlannedCall[] = [];
  for (const callable of list) {
    const last = Math.min(Math.max(callable.arity, 1), MAX_POSITION);
    for (let position = 0; position <= last; position++) {
      const draws = position === 0 ? 1 : PREFIX_DRAWS;
      for (let junk = 0; junk < junkCount; junk++) {
        for (let d = 0; d < draws; d++) {
          const prefix = Array.from({ length: position }, () =>
            Math.floor(random() * PLAUSIBLE.length),
          );
          if (keep() < data.sample) calls.push({ callable, position, junk, prefix });
        }
      }
    }
  }
  return calls;
}

const describeError = (error: unknown): string => {
  if (error instanceof Error)
    return `${error.name}: ${error.message.split('\n')[0]?.slice(0, 200)}`;
  try {
    return `a thrown ${typeof error}: ${String(error).slice(0, 200)}`;
  } catch {
    return `a thrown ${typeof error}`;
  }
};

/** Whether a thrown value keeps the contract: a tilekit error, or the caller's own trap. */
const allowed = (error: unknown): boolean =>
  isTilekitError(error) || error instanceof CallerTrapError;

const post = (message: JunkCallMessage): void => parentPort?.postMessage(message);

const corpus = junkCorpus(data.seed);
const list = await callables();
const calls = plan(list, corpus.length);
const targetIndex = new Map(list.map((callable, i) => [callable, i]));
const callTable = new Int32Array(3 * calls.length);
calls.forEach((call, i) => {
  callTable.set([targetIndex.get(call.callable) as number, call.position, call.junk], 3 * i);
});
post({
  kind: 'planned',
  targets: list.map(({ entry, name }) => ({ entry, name })),
  calls: callTable,
  junkLabels: corpus.map((j) => j.label),
});

const pending = Symbol('pending');
for (let index = data.start; index < calls.length; index++) {
  Atomics.store(progress, 0, index);
  const call = calls[index] as PlannedCall;
  const junk = corpus[call.junk] as (typeof corpus)[number];
  const failure = (problem: string): JunkCallFailure => ({
    kind: 'failure',
    index,
    entry: call.callable.entry,
    name: call.callable.name,
    position: call.position,
    junk: junk.label,
    problem,
  });
  let args: unknown[];
  try {
    args = [...call.prefix.map((p) => (PLAUSIBLE[p] as () => unknown)()), junk.value];
  } catch (error) {
    throw new Error(`a plausible argument could not be made: ${describeError(error)}`);
  }
  try {
    const result = call.callable.invoke(args);
    if (result instanceof Promise) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settled = await Promise.race([
        result,
        new Promise((resolve) => {
          timer = setTimeout(() => resolve(pending), data.promiseMs);
        }),
      ]);
      clearTimeout(timer);
      if (settled === pending) post(failure(`its promise did not settle in ${data.promiseMs} ms`));
    }
  } catch (error) {
    if (!allowed(error)) post(failure(describeError(error)));
  }
}
post({ kind: 'done' });
