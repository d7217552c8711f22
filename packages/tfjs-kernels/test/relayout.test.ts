/**
 * relayout / unrelayout / convertLayout: golden cases from the seed and XLA's own vectors,
 * argument forms, bit-exactness, caching, errors and gradients.
 */
import { XLA_LAYOUT_VECTORS, type XlaLinearIndexVector } from '@tilekit/conformance/testing';
import { parseLayout, parseShape } from '@tilekit/layout';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearLayoutCache,
  convertLayout,
  KernelArgumentError,
  LayoutSyntaxError,
  LayoutValidationError,
  layoutCacheStats,
  relayout,
  unrelayout,
} from '../src/index.js';
import { sizeFromShape } from '../src/util/shape-size.js';
import { expectGradientMatchesFiniteDifferences } from './support/finite-differences.js';
import { iota } from './support/iota.js';
import { expectNoLeak, expectThrowsWithoutLeak, float32Bits, tf } from './support/tf.js';

/** XLA's linear-index vectors: a logical index and its physical offset under a shape. */
const linearIndexVectors = XLA_LAYOUT_VECTORS.cases.filter(
  (v): v is XlaLinearIndexVector => v.kind === 'linear_index',
);

const read = (t: tf.Tensor) => Array.from(t.dataSync());

describe('golden cases', () => {
  it("the seed's figure 1: F32[3,5] with 2x2 tiles, padding slots holding the pad value", () => {
    expectNoLeak(() => {
      const x = tf.tensor2d(
        iota(15).map((k) => k + 1),
        [3, 5],
      );
      const buffer = relayout(x, '{1,0:T(2,2)}', { padValue: -1 });
      // Tiles row by row, each tile row-major; '.' slots of the figure hold -1.
      expect(read(buffer)).toEqual([
        1, 2, 6, 7, 3, 4, 8, 9, 5, -1, 10, -1, 11, 12, -1, -1, 13, 14, -1, -1, 15, -1, -1, -1,
      ]);
      // The seed's worked example: element (2,3) = 14 sits at linear_index_with_tile 17.
      expect(buffer.dataSync()[17]).toBe(14);
      tf.dispose([x, buffer]);
    });
  });

  it('puts every logical index of XLA’s vectors at the expected physical offset', () => {
    expect(linearIndexVectors.length).toBe(72);
    for (const v of linearIndexVectors) {
      const dims = v.shape
        .slice(v.shape.indexOf('[') + 1, v.shape.indexOf(']'))
        .split(',')
        .map(Number);
      const rowMajor = v.index.reduce((acc, e, d) => acc * dims[d]! + e, 0);
      expectNoLeak(() => {
        const buffer = tf.tidy(() =>
          relayout(tf.tensor(iota(sizeFromShape(dims)), dims, 'int32'), v.shape, {
            padValue: -1,
          }),
        );
        expect(buffer.dataSync()[v.expected], `${v.shape} ${v.index}`).toBe(rowMajor);
        buffer.dispose();
      });
    }
  });
});

describe('arguments', () => {
  const x = () => tf.tensor2d(iota(15), [3, 5]);

  it('accepts layout text, whole-shape text, a parsed Layout and a parsed shape alike', () => {
    expectNoLeak(() => {
      const forms = [
        '{0,1:T(2,4)}',
        'bf16[3,5]{0,1:T(2,4)}',
        parseLayout('{0,1:T(2,4)}'),
        parseShape('f32[3,5]{0,1:T(2,4)}'),
      ];
      const results = forms.map((form) => tf.tidy(() => read(relayout(x(), form))));
      for (const r of results) expect(r).toEqual(results[0]);
    });
  });

  it('moves float32 bits exactly: NaN payloads and negative zero survive every op', () => {
    const bits = Int32Array.from([
      0x7fc00001,
      0xffbfffff | 0,
      0x7f800001,
      0x80000000 | 0,
      1,
      0x3f800000,
      0x7fffffff,
      0xff800000 | 0,
    ]);
    const values = new Float32Array(bits.buffer);
    expectNoLeak(() => {
      const x = tf.tensor2d(values, [2, 4]);
      const buffer = relayout(x, '{0,1:T(2,2)}');
      const back = unrelayout(buffer, 'f32[2,4]{0,1:T(2,2)}');
      const converted = convertLayout(buffer, 'f32[2,4]{0,1:T(2,2)}', '{1,0}');
      expect(float32Bits(back.dataSync())).toEqual(new Uint32Array(bits.buffer));
      expect(float32Bits(converted.dataSync())).toEqual(new Uint32Array(bits.buffer));
      tf.dispose([x, buffer, back, converted]);
    });
  });

  it('relays out bool tensors', () => {
    const x = tf.tensor2d([true, false, true, true, false, true], [2, 3], 'bool');
    const buffer = relayout(x, '{0,1}', { padValue: 1 });
    expect(buffer.dtype).toBe('bool');
    expect(read(buffer)).toEqual([1, 1, 0, 0, 1, 1]);
    tf.dispose([x, buffer]);
  });

  it('handles empty tensors', () => {
    const x = tf.zeros([0, 5]);
    const buffer = relayout(x, '{1,0:T(2,2)}');
    expect(buffer.shape).toEqual([0]);
    tf.dispose([x, buffer]);
  });

  it('never mutates its input', () => {
    const x = tf.tensor2d(iota(15), [3, 5]);
    tf.dispose([relayout(x, '{0,1:T(2,2)}', { padValue: 9 })]);
    expect(read(x)).toEqual(iota(15));
    x.dispose();
  });

  const errors: [string, () => unknown, new (...args: never[]) => Error, string][] = [
    [
      'shape dims differ from x',
      () => relayout(x(), 'f32[5,3]{1,0}'),
      KernelArgumentError,
      "relayout: argument 'layout' names dimensions [5,3], but the tensor has shape [3,5]",
    ],
    ['layout syntax', () => relayout(x(), '{1,0:T(2,'), LayoutSyntaxError, 'Syntax error'],
    [
      'layout rank',
      () => relayout(x(), '{2,1,0}'),
      KernelArgumentError,
      "relayout: argument 'layout' orders 3 dimensions (minor-to-major {2,1,0}), but the tensor has rank 2 (shape [3,5])",
    ],
    [
      'layout permutation',
      () => relayout(x(), '{1,1}'),
      LayoutValidationError,
      '{1,1} is not a permutation of 0..1',
    ],
    [
      'x dtype',
      () => relayout(tf.complex([1], [1]), '{0}'),
      KernelArgumentError,
      "relayout: argument 'x' must have dtype float32 or int32 or bool, got complex64",
    ],
    [
      'int32 pad value',
      () => relayout(tf.zeros([2], 'int32'), '{0}', { padValue: 0.5 }),
      KernelArgumentError,
      "relayout: argument 'padValue' must be storable in int32 (an int32 integer), got 0.5",
    ],
    [
      'bool pad value',
      () => relayout(tf.zeros([2], 'bool'), '{0}', { padValue: 2 }),
      KernelArgumentError,
      "relayout: argument 'padValue' must be storable in bool (0 or 1), got 2",
    ],
    [
      'unrelayout bare layout without dims',
      () => unrelayout(tf.zeros([15]), '{1,0}'),
      KernelArgumentError,
      "unrelayout: argument 'dims' is needed with a bare layout ({1,0})",
    ],
    [
      'unrelayout buffer size',
      () => unrelayout(tf.zeros([15]), 'f32[3,5]{1,0:T(2,2)}'),
      KernelArgumentError,
      "unrelayout: argument 'buffer' must be a 1-D buffer of 24 elements (the physical element count of f32[3,5]{1,0:T(2,2)}), got shape [15]",
    ],
    [
      'unrelayout buffer rank',
      () => unrelayout(tf.zeros([3, 5]), 'f32[3,5]{1,0}'),
      KernelArgumentError,
      'must be a 1-D buffer of 15 elements',
    ],
    [
      'unrelayout tuple shape',
      () => unrelayout(tf.zeros([3]), '(f32[3], f32[3])'),
      KernelArgumentError,
      "unrelayout: argument 'shape' must be an array shape, got a tuple shape",
    ],
    [
      'unrelayout dynamic dim',
      () => unrelayout(tf.zeros([3]), 'f32[<=3]'),
      KernelArgumentError,
      "unrelayout: argument 'shape' dimension 0 must be static, got bounded",
    ],
    [
      'convertLayout to-dims',
      () => convertLayout(tf.zeros([15]), 'f32[3,5]', 'f32[15]{0}'),
      KernelArgumentError,
      "convertLayout: argument 'to' names dimensions [15], but the tensor has shape [3,5]",
    ],
    [
      'convertLayout buffer size',
      () => convertLayout(tf.zeros([16]), 'f32[3,5]', '{0,1}'),
      KernelArgumentError,
      "convertLayout: argument 'buffer' must be a 1-D buffer of 15 elements",
    ],
  ];
  for (const [name, call, type, message] of errors) {
    it(`rejects a bad ${name}`, () => {
      const error = expectThrowsWithoutLeak(call);
      expect(error).toBeInstanceOf(type);
      expect(error.message).toContain(message);
    });
  }
});

describe('layout cache', () => {
  beforeEach(() => clearLayoutCache());

  it('builds a layout’s run table once and reuses it', () => {
    const x = tf.tensor2d(iota(64), [8, 8]);
    for (let k = 0; k < 3; k++) tf.dispose(relayout(x, '{1,0:T(4,4)}'));
    tf.dispose(
      unrelayout(
        tf.tidy(() => relayout(x, '{1,0:T(4,4)}')),
        'f32[8,8]{1,0:T(4,4)}',
      ),
    );
    expect(layoutCacheStats()).toMatchObject({ misses: 1, hits: 4, entries: 1 });
    x.dispose();
  });

  it('stays bounded', () => {
    const x = tf.tensor1d(iota(4));
    for (let tail = 1; tail <= 80; tail++) tf.dispose(relayout(x, `{0:L(${tail})}`));
    const stats = layoutCacheStats();
    expect(stats.misses).toBe(80);
    expect(stats.entries).toBeLessThanOrEqual(64);
    x.dispose();
  });
});

describe('gradients', () => {
  const values = (n: number, salt: number) =>
    Array.from({ length: n }, (_, k) => (((k * 29 + salt) % 17) - 8) / 4);

  it('relayout: each element gets dy at its physical offset, padding feeds nothing back', () => {
    const x = tf.tensor2d(values(15, 1), [3, 5]);
    const dy = tf.tensor1d(values(24, 2));
    const f = (t: tf.Tensor) => relayout(t, '{1,0:T(2,2)}', { padValue: 3 });
    expectGradientMatchesFiniteDifferences(f, x, dy);
    const g = tf.grad(f)(
      x,
      tf.tidy(() => tf.range(0, 24)),
    );
    // dy = iota: the gradient of each element is its physical offset (the seed's formula).
    expect(read(g)).toEqual([0, 1, 4, 5, 8, 2, 3, 6, 7, 10, 12, 13, 16, 17, 20]);
    tf.dispose([x, dy, g]);
  });

  it('unrelayout: the buffer gets dy relaid out, zero in padding slots', () => {
    const buffer = tf.tensor1d(values(24, 3));
    const dy = tf.tensor2d(values(15, 4), [3, 5]);
    const f = (t: tf.Tensor) => unrelayout(t, 'f32[3,5]{1,0:T(2,2)}');
    expectGradientMatchesFiniteDifferences(f, buffer, dy);
    const g = tf.grad(f)(buffer, dy);
    expect(g.dataSync()[9]).toBe(0); // a padding slot
    tf.dispose([buffer, dy, g]);
  });

  it('convertLayout: the conversion run backwards', () => {
    const buffer = tf.tensor1d(values(24, 5));
    const dy = tf.tensor1d(values(32, 6));
    expectGradientMatchesFiniteDifferences(
      (t) => convertLayout(t, 'f32[3,5]{1,0:T(2,2)}', '{0,1:T(4,2)}'),
      buffer,
      dy,
    );
    tf.dispose([buffer, dy]);
  });
});
