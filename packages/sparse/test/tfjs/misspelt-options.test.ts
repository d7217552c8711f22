/**
 * Every options-taking function of `@tilekit/sparse` (the tfjs ops and `sparsify`) rejects a
 * misspelt option key with a `SparsifyError` naming `options.<key>` and the option meant, rather
 * than silently applying the default, and leaves no tensor behind.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { SparseTensor, SparsifyError, sparsify } from '../../src/index.js';
import { sddmm, sparseDot, sparseOp, spmm, spmv } from '../../src/tfjs/index.js';
import { SPARSE_OP_OPTION_DEFAULTS } from '../../src/tfjs/sparse-op-key.js';
import '../../src/tfjs/register-cpu.js';
import { thrownLeavingNoTensor } from './support/thrown-leaving-no-tensor.js';

tf.env().set('IS_TEST', true);

/** Every key of the tfjs ops' options, with a valid value (their own defaults). */
const OP_OPTIONS = SPARSE_OP_OPTION_DEFAULTS;

/** The tfjs ops' option names, in the order their errors list them. */
const OP_OPTION_NAMES = [
  'vectorLength',
  'enableVLAVectorization',
  'enableSIMDIndex32',
  'halfWidthShortReductions',
  'vscale',
  'engine',
  'valueType',
];

/** Every key of sparsify's options, with a valid value. */
const SPARSIFY_OPTIONS = {
  valueType: 'f32',
  posWidth: 32,
  crdWidth: 32,
  name: 'kernel',
  caseDispatch: 'select',
} as const;

/** Seeded one-edit typos of `key` (case flip, dropped, doubled or replaced character). */
function typos(key: string, seed: number, count: number): string[] {
  const next = seededRandom(seed);
  const out: string[] = [];
  while (out.length < count) {
    const i = Math.floor(next() * key.length);
    const c = key[i] as string;
    const letter = String.fromCharCode(97 + Math.floor(next() * 26));
    const edit = Math.floor(next() * 4);
    const typo =
      edit === 0
        ? key.slice(0, i) +
          (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) +
          key.slice(i + 1)
        : edit === 1
          ? key.slice(0, i) + key.slice(i + 1)
          : edit === 2
            ? key.slice(0, i) + c + key.slice(i)
            : key.slice(0, i) + letter + key.slice(i + 1);
    if (typo !== key) out.push(typo);
  }
  return out;
}

/** Runs `call`, which must throw; returns the error, checking that no tensor was left behind. */
function thrownBy(call: () => unknown): unknown {
  const thrown = thrownLeavingNoTensor(call);
  expect(thrown).toBeDefined();
  return thrown;
}

/** Checks that `error` is the typed misspelt-key error of `fn` for `typo`, suggesting `key`. */
function expectMisspelt(error: unknown, fn: string, typo: string, key: string): void {
  expect(error).toBeInstanceOf(SparsifyError);
  const e = error as SparsifyError;
  expect(e.argument).toBe(`options.${typo}`);
  expect(e.message).toContain(`${fn} has no option '${typo}'; did you mean '${key}'?`);
}

describe('misspelt option keys', () => {
  const A = SparseTensor.fromDense([1, 0, 2, 0, 3, 0], [2, 3]);
  const a = SparseTensor.fromDense([0, 4, 0, 5], [4]);
  let x: tf.Tensor1D;
  let B: tf.Tensor2D;
  let L: tf.Tensor2D;
  let R: tf.Tensor2D;
  let b: tf.Tensor1D;
  beforeAll(async () => {
    await tf.setBackend('cpu');
    x = tf.tensor1d([1, 2, 3]);
    B = tf.tensor2d([1, 2, 3, 4, 5, 6], [3, 2]);
    L = tf.tensor2d([1, 2, 3, 4], [2, 2]);
    R = tf.tensor2d([1, 2, 3, 4, 5, 6], [2, 3]);
    b = tf.tensor1d([1, 2, 3, 4]);
  });

  /** Each op called with `options`. */
  const OPS: readonly { name: string; call: (options: object) => unknown }[] = [
    { name: 'spmv', call: (o) => spmv(A, x, o) },
    { name: 'spmm', call: (o) => spmm(A, B, o) },
    { name: 'sddmm', call: (o) => sddmm(A, L, R, o) },
    { name: 'sparseDot', call: (o) => sparseDot(a, b, o) },
    { name: 'sparseOp', call: (o) => sparseOp('y(i) = A(i,j) * x(j)', { A: 'CSR' }, o) },
  ];

  it('every tfjs op rejects seeded typos of each of its keys, suggesting the key', () => {
    let seed = 1;
    for (const op of OPS) {
      for (const key of Object.keys(OP_OPTIONS)) {
        for (const typo of typos(key, seed++, 4)) {
          const options = { ...OP_OPTIONS, [typo]: (OP_OPTIONS as Record<string, unknown>)[key] };
          delete (options as Record<string, unknown>)[key];
          expectMisspelt(
            thrownBy(() => op.call(options)),
            op.name,
            typo,
            key,
          );
        }
      }
    }
  });

  it('every tfjs op takes all of its keys spelt right (the list of options is complete)', () => {
    expect(Object.keys(OP_OPTIONS)).toEqual(OP_OPTION_NAMES);
    const y = spmv(A, x, OP_OPTIONS);
    const expected = [1 * 1 + 2 * 3, 3 * 2];
    expect(Array.from(y.dataSync())).toEqual(expected);
    y.dispose();
    const viaOp = sparseOp('y(i) = A(i,j) * x(j)', { A: 'CSR' }, OP_OPTIONS)(A, x);
    expect(Array.from(viaOp.dataSync())).toEqual(expected);
    viaOp.dispose();
    for (const op of OPS.slice(1, 4)) tf.dispose(op.call(OP_OPTIONS) as tf.Tensor);
  });

  it('sparsify rejects seeded typos of each of its keys, suggesting the key', () => {
    let seed = 100;
    for (const key of Object.keys(SPARSIFY_OPTIONS)) {
      for (const typo of typos(key, seed++, 6)) {
        const options = { [typo]: (SPARSIFY_OPTIONS as Record<string, unknown>)[key] };
        expectMisspelt(
          thrownBy(() => sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, options as never)),
          'sparsify',
          typo,
          key,
        );
      }
    }
    // Spelt right, every option is taken (the name one shows in the kernel).
    const kernel = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, SPARSIFY_OPTIONS);
    expect(kernel.functionName).toBe(SPARSIFY_OPTIONS.name);
  });

  it('a key close to no option is named without a guess; a non-object is refused', () => {
    const far = thrownBy(() => spmv(A, x, { frobnicate: 1 } as never)) as SparsifyError;
    expect(far).toBeInstanceOf(SparsifyError);
    expect(far.argument).toBe('options.frobnicate');
    expect(far.message).not.toContain('did you mean');
    expect(far.message).toContain(`(spmv options: ${Object.keys(OP_OPTIONS).join(', ')})`);
    for (const junk of ['wasm', [], null, 3]) {
      const error = thrownBy(() => spmv(A, x, junk as never)) as SparsifyError;
      expect(error).toBeInstanceOf(SparsifyError);
      expect(error.argument).toBe('options');
    }
  });
});
