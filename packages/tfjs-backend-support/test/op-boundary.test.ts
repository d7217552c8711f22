/**
 * The op boundary both kernel packages share: a kernel runs through the engine when registered
 * and is a KernelNotRegisteredError naming the import otherwise (nothing leaks either way); an
 * options object with a misspelt key names the nearest option, checked against a brute-force
 * edit distance on generated keys; values are described by dtype and shape for tensors.
 */
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { referenceEditDistance } from '@tilekit/test-support/reference-edit-distance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeValue,
  KernelNotRegisteredError,
  optionsProblem,
  runRegisteredKernel,
} from '../src/index.js';
import { tf, useBackend } from './support/backends.js';

const ENTRIES = {
  cpu: '@tilekit/example/register-cpu',
  webgl: '@tilekit/example/register-webgl',
};

describe('runRegisteredKernel', () => {
  it('runs a registered kernel through the engine, as the op itself would', async () => {
    await useBackend('cpu');
    const a = tf.tensor2d([1, 2, 3, 4], [2, 2]);
    const b = tf.tensor2d([10, 20, 30, 40], [2, 2]);
    const before = tf.memory().numTensors;
    const sum = runRegisteredKernel('add', 'Add', ENTRIES, { a, b }, {});
    expect(Array.from(sum.dataSync())).toEqual([11, 22, 33, 44]);
    expect(tf.memory().numTensors).toBe(before + 1);
    // The engine saw it: its gradient is tfjs's own gradient of Add.
    const grad = tf.grad((x: tf.Tensor) =>
      runRegisteredKernel('add', 'Add', ENTRIES, { a: x, b }, {}),
    )(a);
    expect(Array.from(grad.dataSync())).toEqual([1, 1, 1, 1]);
    tf.dispose([a, b, sum, grad]);
  });

  it('a missing kernel is a KernelNotRegisteredError naming the import, nothing leaked', async () => {
    await useBackend('cpu');
    const a = tf.tensor1d([1]);
    const before = tf.memory().numTensors;
    const run = () => runRegisteredKernel('frob', 'NoSuchKernel', ENTRIES, { a }, {});
    expect(run).toThrow(KernelNotRegisteredError);
    expect(run).toThrow(
      "frob: kernel 'NoSuchKernel' is not registered for the active backend 'cpu'; add `import '@tilekit/example/register-cpu';` once to the app",
    );
    expect(tf.memory().numTensors).toBe(before);
    a.dispose();
  });

  it('on a backend the package has no entry for, lists every backend with its import', async () => {
    await useBackend('wasm');
    for (const entries of [ENTRIES, { ...ENTRIES, toString: 'x/register-toString' }]) {
      const listed = Object.entries(entries)
        .map(([name, entry]) => `'${name}' (import '${entry}')`)
        .join(', ');
      expect(() => runRegisteredKernel('frob', 'NoSuchKernel', entries, {}, {})).toThrow(
        `frob: kernel 'NoSuchKernel' is not registered for the active backend 'wasm'; the kernels are registered for the backends ${listed}; switch to one of them with tf.setBackend and import its entry`,
      );
    }
    await useBackend('cpu');
  });

  it('a kernel name that is no string names no kernel; entries that are no map list no backend', () => {
    for (const [kernel, said] of [
      [5, '5'],
      [Symbol('Add'), 'a symbol'],
      [Object.create(null), 'an object without a prototype'],
    ] as const) {
      expect(() => runRegisteredKernel('x', kernel as never, ENTRIES, {}, {})).toThrow(
        `x: kernel '${said}' is not registered for the active backend 'cpu'; add`,
      );
    }
    for (const entries of [{}, [], null, 'cpu']) {
      expect(() => runRegisteredKernel('x', 'Missing', entries as never, {}, {})).toThrow(
        'the kernels are registered for the backends ; switch to one of them',
      );
    }
  });
});

describe('optionsProblem', () => {
  const KEYS = ['padValue', 'target', 'bounds', 'elementType', 'indexType'];

  it('accepts a valid options object, and undefined only where the object is optional', () => {
    expect(optionsProblem('op', { target: 'a5', bounds: 'skip' }, KEYS, null)).toBeUndefined();
    expect(optionsProblem('op', undefined, KEYS, null)).toBeUndefined();
    expect(optionsProblem('op', undefined, KEYS, 'dstShape')).toBe(
      'must be an options object with dstShape, got undefined',
    );
    expect(optionsProblem('op', [1], KEYS, null)).toBe(
      'must be an options object or undefined, got an array of length 1',
    );
  });

  it('names the option meant when one is close (case-insensitive, prefix one edit, ties to the earlier)', () => {
    // Typos of real keys (always close) and random strings (mostly far: no suggestion).
    const typo = fc
      .tuple(fc.constantFrom(...KEYS), fc.nat(), fc.constantFrom('drop', 'case', 'x'))
      .map(([k, at, edit]) => {
        const i = at % k.length;
        const c = k[i] ?? '';
        const swapped =
          edit === 'case' ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : 'x';
        return edit === 'drop'
          ? k.slice(0, i) + k.slice(i + 1)
          : k.slice(0, i) + swapped + k.slice(i + 1);
      });
    fc.assert(
      fc.property(fc.oneof(typo, fc.string({ maxLength: 14 })), (key) => {
        fc.pre(!KEYS.includes(key));
        const lower = key.toLowerCase();
        const distances = KEYS.map((k) =>
          lower !== '' && k.toLowerCase().startsWith(lower) && k.length > key.length
            ? 1
            : referenceEditDistance(lower, k.toLowerCase()),
        );
        const best = Math.min(...distances);
        const hint =
          best <= Math.max(2, Math.floor(key.length / 3))
            ? `; did you mean '${KEYS[distances.indexOf(best)]}'?`
            : '';
        expect(optionsProblem('tscatter', { [key]: 1 }, KEYS, null)).toBe(
          `has no option '${key}'${hint} (tscatter options: ${KEYS.join(', ')})`,
        );
      }),
      { seed: 38, numRuns: 300 },
    );
  });
});

describe('describeValue', () => {
  it('a tensor by dtype and shape, anything else as @tilekit/errors describes it', () => {
    const t = tf.zeros([2, 3], 'int32');
    expect(describeValue(t)).toBe('a dense tf.Tensor (int32, shape [2, 3])');
    t.dispose();
    expect(describeValue(t)).toBe('a dense tf.Tensor (int32, shape [2, 3])');
    const scalar = tf.scalar(1.5);
    expect(describeValue(scalar)).toBe('a dense tf.Tensor (float32, shape [])');
    scalar.dispose();
    expect([undefined, null, [1, 2], 5, 'x', {}].map(describeValue)).toEqual([
      'undefined',
      'null',
      'an array of length 2',
      '5',
      "'x'",
      'an object',
    ]);
  });
});
