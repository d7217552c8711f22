/**
 * On the wasm backend: gradients of all five ops equal the CPU backend's bit for bit (and the
 * hand-derived values where they are obvious), and no op, gradient or error path leaks a tensor
 * or heap bytes beyond the cached move tables.
 */
import { describe, expect, it } from 'vitest';
import {
  convertLayout,
  relayout,
  TileIndexError,
  tgather,
  tscatter,
  unrelayout,
} from '../../src/index.js';
import { type BackendName, exactValues, tf, useBackend } from './support/backends.js';

/** Quarter-step values, exact in float32 sums. */
const values = (n: number, salt: number) =>
  Array.from({ length: n }, (_, k) => (((k * 37 + salt * 11) % 32) - 16) / 4);

/** The gradient of `f` at x with cotangent dy on `backend`, as exact values. */
async function gradientOn(
  backend: BackendName,
  f: (x: tf.Tensor) => tf.Tensor,
  x: () => tf.Tensor,
  dy: () => tf.Tensor,
): Promise<number[]> {
  await useBackend(backend);
  const before = tf.memory().numTensors;
  const g = tf.tidy(() => tf.grad(f)(x(), dy()));
  const out = exactValues(g);
  g.dispose();
  expect(tf.memory().numTensors).toBe(before);
  return out;
}

const IDX = [3, 3, 0, 1, 15, 2, 4, 4, 3, 7, 8, 9, 10, 11, 12, 13];

const CASES: Record<
  string,
  { f: (x: tf.Tensor) => tf.Tensor; x: () => tf.Tensor; dy: () => tf.Tensor }
> = {
  relayout: {
    f: (x) => relayout(x, '{1,0:T(2,2)}', { padValue: 9 }),
    x: () => tf.tensor2d(values(15, 1), [3, 5]),
    dy: () => tf.tensor1d(values(24, 2)),
  },
  unrelayout: {
    f: (b) => unrelayout(b, 'f32[3,5]{0,1:T(2,1)(2,1)}'),
    x: () => tf.tensor1d(values(18, 3)),
    dy: () => tf.tensor2d(values(15, 4), [3, 5]),
  },
  convertLayout: {
    f: (b) => convertLayout(b, 'f32[3,5]{1,0:T(2,2)}', '{0,1:T(4)}'),
    x: () => tf.tensor1d(values(24, 5)),
    dy: () => tf.tensor1d(values(20, 6)),
  },
  tscatter: {
    f: (x) => tscatter(x, tf.tensor2d(IDX, [2, 8], 'int32'), { dstShape: [2, 8], validCol: 6 }),
    x: () => tf.tensor2d(values(16, 7), [2, 8]),
    dy: () => tf.tensor2d(values(16, 8), [2, 8]),
  },
  tgather: {
    f: (x) => tgather(x, tf.tensor2d(IDX, [2, 8], 'int32'), { validCol: 6 }),
    x: () => tf.tensor2d(values(16, 9), [2, 8]),
    dy: () => tf.tensor2d(values(16, 10), [2, 8]),
  },
};

describe('gradients on wasm', () => {
  it.each(Object.keys(CASES))('%s: equal the cpu gradient bit for bit', async (name) => {
    const { f, x, dy } = CASES[name]!;
    const cpu = await gradientOn('cpu', f, x, dy);
    expect(await gradientOn('wasm', f, x, dy)).toEqual(cpu);
  });

  it('relayout: padding gets no gradient, every element its own slot (hand-derived)', async () => {
    await useBackend('wasm');
    const g = tf.tidy(() =>
      tf.grad((x: tf.Tensor) => relayout(x, '{1,0:T(2,2)}'))(
        tf.tensor2d([1, 2, 3, 4, 5, 6], [2, 3]),
        tf.tensor1d([10, 11, 12, 13, 14, 15, 16, 17]),
      ),
    );
    // T(2,2) on [2,3]: tile 0 holds (0,0) (0,1) (1,0) (1,1); tile 1 holds (0,2) pad (1,2) pad.
    expect(Array.from(g.dataSync())).toEqual([10, 11, 14, 12, 13, 16]);
    g.dispose();
  });
});

describe('no leaks on wasm', () => {
  it('repeated calls keep the tensor count and the heap use flat', async () => {
    await useBackend('wasm');
    const x = tf.tensor2d(values(64 * 40, 1), [64, 40]);
    const heapBytes = () =>
      (tf.backend() as unknown as { wasm: { HEAPU8: Uint8Array } }).wasm.HEAPU8.length;
    const once = () => {
      const b = relayout(x, '{1,0:T(8,8)}', { padValue: -1 });
      const c = convertLayout(b, 'f32[64,40]{1,0:T(8,8)}', '{0,1:T(2,1)}');
      const y = unrelayout(c, 'f32[64,40]{0,1:T(2,1)}');
      tf.dispose([b, c, y]);
    };
    once();
    const tensors = tf.memory().numTensors;
    const bytes = tf.memory().numBytes;
    const heap = heapBytes();
    for (let k = 0; k < 200; k++) once();
    expect(tf.memory().numTensors).toBe(tensors);
    expect(tf.memory().numBytes).toBe(bytes);
    expect(heapBytes()).toBe(heap);
    x.dispose();
  });

  it('an out-of-bounds offset throws TileIndexError and allocates nothing', async () => {
    await useBackend('wasm');
    const src = tf.tensor2d(values(8, 2), [1, 8]);
    const idx = tf.tensor2d([0, 1, 2, 99, 4, 5, 6, 7], [1, 8], 'int32');
    const before = tf.memory().numTensors;
    expect(() => tscatter(src, idx, { dstShape: [1, 8] })).toThrow(TileIndexError);
    expect(() => tgather(src, idx)).toThrow(TileIndexError);
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([src, idx]);
  });

  it('the wasm kernels really ran on the wasm backend', async () => {
    await useBackend('wasm');
    expect(tf.getBackend()).toBe('wasm');
    expect(tf.getKernel('TiledRelayout', 'wasm')).toBeDefined();
    expect(tf.getKernel('TScatter', 'wasm')).toBeDefined();
  });
});
