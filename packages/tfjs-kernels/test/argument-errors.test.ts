/**
 * Argument mistakes a tfjs user makes are typed errors naming the op and the argument, with the
 * tensor count unchanged: missing or null options, outputs too large to allocate, disposed
 * inputs, and layouts whose rank is not the tensor's (said in terms of what the user passed).
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertLayout,
  KernelArgumentError,
  MAX_OUTPUT_ELEMENTS,
  relayout,
  type TScatterOptions,
  tgather,
  tscatter,
  unrelayout,
} from '../src/index.js';
import { expectOpError } from './support/errors.js';
import { tf } from './support/tf.js';

/** A one-row f32 tile and its index tile (8 wide keeps every PTO target happy). */
function tile(): { src: tf.Tensor; idx: tf.Tensor } {
  return {
    src: tf.tensor2d([[1, 2, 3, 4, 5, 6, 7, 8]]),
    idx: tf.tensor2d([[7, 6, 5, 4, 3, 2, 1, 0]], [1, 8], 'int32'),
  };
}

/** Expects a KernelArgumentError of `op` about `argument`, whose message contains `words`. */
function expectArgumentError(fn: () => unknown, op: string, argument: string, words: string) {
  const error = expectOpError(fn, KernelArgumentError);
  expect(error.op).toBe(op);
  expect(error.argument).toBe(argument);
  expect(error.message).toContain(`${op}: argument '${argument}'`);
  expect(error.message).toContain(words);
  return error;
}

describe('tscatter / tgather options', () => {
  it('tscatter without options asks for the options object with dstShape', () => {
    const { src, idx } = tile();
    const call = tscatter as (s: tf.Tensor, i: tf.Tensor, o?: unknown) => tf.Tensor;
    expectArgumentError(
      () => call(src, idx),
      'tscatter',
      'options',
      'with dstShape, got undefined',
    );
    expectArgumentError(() => call(src, idx, null), 'tscatter', 'options', 'got null');
    expectArgumentError(() => call(src, idx, 5), 'tscatter', 'options', 'got 5');
    tf.dispose([src, idx]);
  });

  it('tscatter with {} names the missing dstShape', () => {
    const { src, idx } = tile();
    expectArgumentError(
      () => tscatter(src, idx, {} as TScatterOptions),
      'tscatter',
      'dstShape',
      'is required',
    );
    expectArgumentError(
      () => tscatter(src, idx, { dstShape: 16 as never }),
      'tscatter',
      'dstShape',
      'must be an array',
    );
    tf.dispose([src, idx]);
  });

  it('tgather with null options is a typed error; undefined options still mean the defaults', () => {
    const { src, idx } = tile();
    expectArgumentError(() => tgather(src, idx, null as never), 'tgather', 'options', 'got null');
    const out = tgather(src, idx, undefined);
    // dst[0, j] = src_flat[idx[0, j]] = src[7 - j].
    expect(Array.from(out.dataSync())).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    tf.dispose([src, idx, out]);
  });
});

describe('outputs too large to allocate', () => {
  it('tscatter and tgather check dstShape before allocating', () => {
    const { src, idx } = tile();
    for (const [op, call] of [
      ['tscatter', () => tscatter(src, idx, { dstShape: [100000, 100000] })],
      ['tgather', () => tgather(src, idx, { dstShape: [100000, 100000] })],
    ] as const) {
      const error = expectArgumentError(call, op, 'dstShape', '10000000000 elements');
      expect(error.message).toContain(String(MAX_OUTPUT_ELEMENTS));
    }
    tf.dispose([src, idx]);
  });

  it('a batch counts every tile of the output', () => {
    const src = tf.zeros([4, 1, 8]);
    const idx = tf.zeros([4, 1, 8], 'int32');
    // 4 x 2^29 elements: each tile is addressable, the whole output is not.
    expectArgumentError(
      () => tscatter(src, idx, { dstShape: [2 ** 14, 2 ** 15] }),
      'tscatter',
      'dstShape',
      `${4 * 2 ** 29} elements`,
    );
    tf.dispose([src, idx]);
  });

  it('relayout and convertLayout check the physical size a tail padding asks for', () => {
    const x = tf.tensor1d([1, 2, 3]);
    expectArgumentError(
      () => relayout(x, '{0:L(3000000000)}'),
      'relayout',
      'layout',
      '3000000000 elements',
    );
    expectArgumentError(
      () => convertLayout(x, 'f32[3]{0}', '{0:L(3000000000)}'),
      'convertLayout',
      'to',
      '3000000000 elements',
    );
    x.dispose();
  });
});

describe('disposed inputs', () => {
  /** A tensor that has already been disposed. */
  const disposed = (shape: number[], dtype: 'float32' | 'int32' = 'float32') => {
    const t = tf.zeros(shape, dtype);
    t.dispose();
    return t;
  };

  it('every op names the disposed argument', () => {
    const { src, idx } = tile();
    const cases: [string, string, () => unknown][] = [
      ['tscatter', 'src', () => tscatter(disposed([1, 8]), idx, { dstShape: [1, 8] })],
      ['tscatter', 'idx', () => tscatter(src, disposed([1, 8], 'int32'), { dstShape: [1, 8] })],
      ['tgather', 'src', () => tgather(disposed([1, 8]), idx)],
      ['tgather', 'idx', () => tgather(src, disposed([1, 8], 'int32'))],
      ['relayout', 'x', () => relayout(disposed([2, 2]), '{1,0}')],
      ['unrelayout', 'buffer', () => unrelayout(disposed([4]), 'f32[2,2]{1,0}')],
      ['convertLayout', 'buffer', () => convertLayout(disposed([4]), 'f32[2,2]{1,0}', '{0,1}')],
    ];
    for (const [op, argument, call] of cases) {
      expectArgumentError(call, op, argument, 'is a disposed tensor');
    }
    tf.dispose([src, idx]);
  });
});

describe('tensor-likes tfjs cannot read', () => {
  /** Every op with one tensor argument replaced by `x` (the other arguments valid). */
  const calls = (x: unknown, src: tf.Tensor, idx: tf.Tensor): [string, string, () => unknown][] => {
    const v = x as tf.Tensor;
    return [
      ['tscatter', 'src', () => tscatter(v, idx, { dstShape: [1, 8] })],
      ['tscatter', 'idx', () => tscatter(src, v, { dstShape: [1, 8] })],
      ['tgather', 'src', () => tgather(v, idx)],
      ['tgather', 'idx', () => tgather(src, v)],
      ['relayout', 'x', () => relayout(v, '{1,0}')],
      ['unrelayout', 'buffer', () => unrelayout(v, 'f32[2,2]{1,0}')],
      ['convertLayout', 'buffer', () => convertLayout(v, 'f32[2,2]{1,0}', '{0,1}')],
    ];
  };
  const unreadable = fc.oneof(
    // Typed arrays tfjs does not take as values.
    fc
      .constantFrom(Float64Array, Int16Array, Uint16Array, Uint32Array, Int8Array, BigInt64Array)
      .chain((Kind) => fc.nat({ max: 8 }).map((n) => new Kind(n) as ArrayBufferView)),
    // Ragged nesting and elements that are not numbers.
    fc.array(fc.float(), { minLength: 1, maxLength: 4 }).map((row) => [row, [...row, 1]]),
    fc.constantFrom([[1, 2], 3], [{}], [null, [1]], ['a', [2]]),
    // Shapes too large to walk: holes count as elements.
    fc.integer({ min: 2 ** 28 + 1, max: 2 ** 32 - 1 }).map((n) => new Array(n)),
    fc
      .integer({ min: 2 ** 15, max: 2 ** 20 })
      .map((n) => [new Array(n), new Array(n)].map((r) => [r, r])),
  );

  it('every op rejects them with a typed error naming the argument, leaking no tensor', () => {
    fc.assert(
      fc.property(unreadable, (x) => {
        const { src, idx } = tile();
        const before = tf.memory().numTensors;
        for (const [op, argument, call] of calls(x, src, idx)) {
          const error = expectOpError(call, KernelArgumentError);
          expect([op, error.argument]).toEqual([op, argument]);
        }
        expect(tf.memory().numTensors).toBe(before);
        tf.dispose([src, idx]);
      }),
      { seed: 20261128, numRuns: 60 },
    );
  });
});

describe('layout rank against the tensor', () => {
  it('a scalar relays out under the empty layout {} as a one-element buffer', () => {
    const x = tf.scalar(3);
    const buffer = relayout(x, '{}');
    expect(buffer.shape).toEqual([1]);
    expect(Array.from(buffer.dataSync())).toEqual([3]);
    const back = unrelayout(buffer, 'f32[]');
    expect(back.shape).toEqual([]);
    expect(back.dataSync()[0]).toBe(3);
    tf.dispose([x, buffer, back]);
  });

  it('a layout of another rank is described in terms of the arguments, quoting no made-up text', () => {
    const scalar = tf.scalar(3);
    const vector = tf.tensor1d([1, 2]);
    const matrix = tf.zeros([2, 3]);
    const cases: [tf.Tensor, string, string][] = [
      [
        scalar,
        '{0}',
        'orders 1 dimension (minor-to-major {0}), but the tensor has rank 0 (shape [])',
      ],
      [
        vector,
        '{1,0}',
        'orders 2 dimensions (minor-to-major {1,0}), but the tensor has rank 1 (shape [2])',
      ],
      [
        matrix,
        '{}',
        'orders 0 dimensions (minor-to-major {}), but the tensor has rank 2 (shape [2,3])',
      ],
    ];
    for (const [x, layout, words] of cases) {
      const error = expectArgumentError(() => relayout(x, layout), 'relayout', 'layout', words);
      // No XLA shape text (such as `f32[]{0}`) that the caller never wrote.
      expect(error.message).not.toMatch(/(f32|s32|pred)\[/);
    }
    const buffer = tf.zeros([6]);
    expectArgumentError(
      () => convertLayout(buffer, 'f32[2,3]{1,0}', '{0}'),
      'convertLayout',
      'to',
      'orders 1 dimension (minor-to-major {0}), but the tensor has rank 2',
    );
    tf.dispose([scalar, vector, matrix, buffer]);
  });
});
