/**
 * The error contract of `@tilekit/sparse/tfjs` and its register entries: every exported
 * function, static method and constructor, and every registered kernel and gradient, called
 * with junk in each argument position (plausible arguments before it) either returns or throws
 * a `TilekitError` (or lets the caller's own exception through), and leaves no tensor behind.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { describe, expect, it } from 'vitest';
import { SparseTensor } from '../../src/index.js';
import * as entry from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { sparseCpuKernelConfigs, sparseGradConfigs, TfSparseTensor } from '../../src/tfjs/index.js';

tf.env().set('IS_TEST', true);

/** What the hostile junk throws: the caller's own exception, which may pass through. */
class CallerTrap extends Error {}

const trap = () => {
  throw new CallerTrap('junk trap');
};

/** Junk values a caller passes by mistake, and hostile ones. */
function junk(): { label: string; value: unknown }[] {
  const handler: ProxyHandler<object> = {};
  for (const name of ['get', 'has', 'ownKeys', 'getPrototypeOf', 'apply', 'construct'] as const)
    (handler as Record<string, unknown>)[name] = trap;
  const getters: Record<PropertyKey, unknown> = {};
  for (const key of ['shape', 'dtype', 'values', 'positions', 'coordinates', 'length', 'rank'])
    Object.defineProperty(getters, key, { get: trap, enumerable: true });
  Object.defineProperty(getters, Symbol.iterator, { get: trap });
  return [
    { label: 'null', value: null },
    { label: 'undefined', value: undefined },
    { label: 'NaN', value: Number.NaN },
    { label: '-1', value: -1 },
    { label: '1.5', value: 1.5 },
    { label: '2^53', value: 2 ** 53 },
    { label: 'a string', value: 'x(i) = ' },
    { label: '{}', value: {} },
    { label: '[]', value: [] },
    { label: '[null]', value: [null] },
    { label: 'a frozen object', value: Object.freeze({ shape: [2, 3], dtype: 'float32' }) },
    { label: 'a throwing Proxy', value: new Proxy({}, handler) },
    { label: 'throwing getters', value: getters },
    { label: 'a Symbol', value: Symbol('junk') },
    { label: 'a function', value: () => 1 },
    { label: 'a float64 array', value: new Float64Array([1.5, -1]) },
    { label: 'a disposed tensor', value: disposedTensor() },
    { label: 'a bool tensor', value: tf.keep(tf.tensor1d([1, 0], 'bool')) },
    // Sizes and shapes a walk must bound before it starts: holes count as elements.
    { label: 'a holey array of 2^32 - 1', value: new Array(2 ** 32 - 1) },
    { label: 'an object holding a bigint', value: { A: 'CSR', vectorLength: 5n } },
    { label: 'a cyclic object', value: cyclic() },
  ];
}

function cyclic(): Record<string, unknown> {
  const o: Record<string, unknown> = { A: 'CSR' };
  o.self = o;
  return o;
}

function disposedTensor(): tf.Tensor {
  const t = tf.tensor1d([1, 2]);
  t.dispose();
  return t;
}

/** Arguments some export accepts (made fresh per call). */
const PLAUSIBLE: readonly (() => unknown)[] = [
  () => TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0, 0, 3], [2, 3]), 'CSR'),
  () => SparseTensor.fromDense(Float32Array.from([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR'),
  () => tf.tensor1d([1, 2, 3]),
  () => tf.tensor2d([1, 0, 2, 0, 0, 3], [2, 3]),
  () => 'CSR',
  () => 'y(i) = A(i,j) * x(j)',
  () => ({ A: 'CSR' }),
  () => [2, 3],
];

const isClass = (f: unknown): boolean =>
  typeof f === 'function' && /^class\b/.test(Function.prototype.toString.call(f));

/** Every callable of the entry: functions, constructors, static methods, kernels, gradients. */
function callables(): { name: string; arity: number; invoke: (args: unknown[]) => unknown }[] {
  const list: { name: string; arity: number; invoke: (args: unknown[]) => unknown }[] = [];
  for (const [name, value] of Object.entries(entry)) {
    if (typeof value !== 'function') continue;
    if (isClass(value)) {
      const type = value as unknown as new (...args: unknown[]) => unknown;
      list.push({ name: `new ${name}`, arity: type.length, invoke: (a) => new type(...a) });
      for (const key of Object.getOwnPropertyNames(value)) {
        const method = (value as unknown as Record<string, unknown>)[key];
        if (typeof method === 'function' && key !== 'prototype')
          list.push({
            name: `${name}.${key}`,
            arity: method.length,
            invoke: (a) => (method as (...x: unknown[]) => unknown).apply(value, a),
          });
      }
    } else {
      const f = value as (...args: unknown[]) => unknown;
      list.push({ name, arity: f.length, invoke: (a) => f(...a) });
    }
  }
  // Instance methods of a sparse tensor.
  for (const key of ['withValues', 'toSparseTensor', 'toTriple', 'transpose'] as const)
    list.push({
      name: `TfSparseTensor#${key}`,
      arity: 1,
      invoke: (a) => {
        const s = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0], [2, 2]), 'CSR');
        return (s[key] as (...x: unknown[]) => unknown)(...a);
      },
    });
  // What tfjs hands a registered kernel and gradient.
  for (const config of [...sparseCpuKernelConfigs, ...sparseGradConfigs]) {
    const kernel = 'kernelFunc' in config ? config.kernelFunc : undefined;
    list.push({
      name: `${config.kernelName} ${kernel === undefined ? 'gradient' : 'kernel'}`,
      arity: 3,
      invoke: (a) =>
        kernel === undefined
          ? (config as tf.GradConfig).gradFunc(
              a[0] as tf.Tensor,
              a[1] as tf.Tensor[],
              a[2] as never,
            )
          : kernel({
              inputs: a[0] as tf.NamedTensorInfoMap,
              attrs: a[1] as tf.NamedAttrMap,
              backend: tf.backend(),
            }),
    });
    list.push({
      name: `runKernel ${config.kernelName}`,
      arity: 2,
      invoke: (a) =>
        tf
          .engine()
          .runKernel(config.kernelName, a[0] as tf.NamedTensorMap, a[1] as tf.NamedAttrMap),
    });
  }
  return list;
}

/** Disposes whatever tensors `value` holds (a returned tensor, sparse tensor, list, op). */
function disposeResult(value: unknown): void {
  if (value instanceof TfSparseTensor) value.dispose();
  else if (value instanceof tf.Tensor) value.dispose();
  else if (Array.isArray(value)) value.forEach(disposeResult);
  else if (value !== null && typeof value === 'object' && !Object.isFrozen(value))
    for (const v of Object.values(value)) if (v instanceof tf.Tensor) v.dispose();
}

describe.each(['cpu', 'wasm'])(
  'every export of @tilekit/sparse/tfjs on %s, given junk',
  (backend) => {
    it('returns or throws a TilekitError, leaking no tensor', async () => {
      expect(await tf.setBackend(backend)).toBe(true);
      const random = seededRandom(34);
      const corpus = junk();
      const failures: string[] = [];
      for (const callable of callables()) {
        const last = Math.min(Math.max(callable.arity, 1), 3);
        for (let position = 0; position <= last; position++) {
          for (const j of corpus) {
            const before = tf.memory().numTensors;
            let outcome: unknown;
            let plausible: unknown[] = [];
            try {
              tf.tidy(() => {
                plausible = Array.from({ length: position }, () =>
                  (PLAUSIBLE[Math.floor(random() * PLAUSIBLE.length)] as () => unknown)(),
                );
                const result = callable.invoke([...plausible, j.value]);
                if (result instanceof Promise) result.catch(() => undefined);
                disposeResult(result);
              });
            } catch (e) {
              outcome = e;
            }
            disposeResult(plausible);
            const what = `${callable.name} with ${j.label} at ${position}`;
            if (
              outcome !== undefined &&
              !isTilekitError(outcome) &&
              !(outcome instanceof CallerTrap)
            )
              failures.push(
                `${what}: ${(outcome as Error)?.name}: ${String((outcome as Error)?.message).split('\n')[0]}`,
              );
            const leaked = tf.memory().numTensors - before;
            if (leaked !== 0) failures.push(`${what}: ${leaked} tensors leaked`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 600_000);
  },
);
