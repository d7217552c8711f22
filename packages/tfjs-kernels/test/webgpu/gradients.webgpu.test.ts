/**
 * Gradients on WebGPU (registered once for every backend) equal the CPU backend's bit for bit:
 * relayout ↔ unrelayout, convertLayout backwards, tscatter (TGather 'lastWriter' on the GPU)
 * and tgather (float32 TScatter 'add' on the GPU, with subnormal and signed-zero dy values),
 * with tensors and data ids balanced.
 */
import { describe, expect, it } from 'vitest';
import { convertLayout, relayout, tgather, tscatter } from '../../src/index.js';
import { sizeFromShape } from '../../src/util/shape-size.js';
import { iota } from '../support/iota.js';
import {
  type BackendName,
  exactValues,
  expectBalanced,
  onWebgpu,
  tf,
  useBackend,
} from './support/backends.js';

onWebgpu();

/** Upstream values with the specials sums must keep: -0, subnormals, large and tiny mixes. */
const specials = (n: number) =>
  iota(n, (k) => [1.5, -0, 1e-45, -3e-39, 2 ** 100, -(2 ** -120), 7][k % 7]!);

/** dx of `f` at `x` (float32 bits) for an upstream gradient of `specials`, on one backend. */
async function gradientOn(
  backend: BackendName,
  f: (x: tf.Tensor) => tf.Tensor,
  x: () => tf.Tensor,
): Promise<number[]> {
  await useBackend(backend);
  const run = async () => {
    const input = x();
    const shape = tf.tidy(() => f(input).shape);
    const upstream = tf.tensor(specials(sizeFromShape(shape)), shape);
    const dx = tf.grad(f)(input, upstream);
    const bits = await exactValues(dx);
    tf.dispose([input, upstream, dx]);
    return bits;
  };
  return backend === 'webgpu' ? expectBalanced(run) : run();
}

describe('gradients on webgpu equal cpu', () => {
  const cases: [string, (x: tf.Tensor) => tf.Tensor, () => tf.Tensor][] = [
    ['relayout', (x) => relayout(x, '{0,1:T(2,4)}'), () => tf.ones([5, 6])],
    [
      'convertLayout',
      (x) => convertLayout(x, 'f32[5,6]{1,0:T(4,4)}', '{0,1:T(2,2)(2,1)}'),
      () => tf.ones([64]),
    ],
    [
      'tscatter',
      (x) =>
        tscatter(
          x,
          tf.tensor2d(
            iota(32, (k) => (k * 5) % 13),
            [2, 16],
            'int32',
          ),
          { dstShape: [2, 8], validCol: 11, target: 'any' },
        ),
      () => tf.ones([2, 16]),
    ],
    [
      'tgather',
      (x) =>
        tgather(
          x,
          tf.tensor2d(
            iota(32, (k) => (k * 3) % 7),
            [2, 16],
            'int32',
          ),
          { dstShape: [2, 16], target: 'any' },
        ),
      () => tf.ones([1, 8]),
    ],
  ];
  for (const [name, f, x] of cases) {
    it(`${name}`, async () => {
      const cpu = await gradientOn('cpu', f, x);
      const webgpu = await gradientOn('webgpu', f, x);
      expect(webgpu).toEqual(cpu);
    });
  }
});
