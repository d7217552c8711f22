import { it } from 'vitest';
import { relayout, tscatter } from '../../../src/index.js';
import { tf, useBackend, webglBackend } from '../support/backends.js';

async function time(label: string, fn: () => tf.Tensor, reps = 5) {
  const b = webglBackend();
  // warm
  let t = fn();
  await t.data();
  t.dispose();
  const samples: number[] = [];
  for (let r = 0; r < reps; r++) {
    const s = performance.now();
    t = fn();
    b.gpgpu.downloadMatrixFromPackedTexture(b.texData.get(t.dataId).texture!.texture, 1, 1);
    samples.push(performance.now() - s);
    t.dispose();
  }
  samples.sort((a, b) => a - b);
  console.log(label, samples.map((x) => x.toFixed(1)).join(' '));
}

it('perf', async () => {
  await useBackend('webgl');
  const x = tf.randomNormal([2048, 2048]);
  await x.data();
  await time('relayout T(8,128)', () => relayout(x, '{1,0:T(8,128)}'));
  await time('transpose', () => tf.transpose(x));
  await time('pad-reshape-transpose', () =>
    tf.tidy(() => tf.reshape(tf.transpose(tf.reshape(x, [256, 8, 16, 128]), [0, 2, 1, 3]), [-1])),
  );
  const n = 256 * 256;
  const perm = tf.util.createShuffledIndices(n);
  const src = tf.randomNormal([256, 256]);
  await src.data();
  const idx = tf.tensor2d(Int32Array.from(perm), [256, 256], 'int32');
  await time('tscatter 256', () =>
    tscatter(src, idx, { dstShape: [256, 256], target: 'any', bounds: 'skip' }),
  );
  const base = tf.zeros([n]);
  const ind = tf.tensor2d(Int32Array.from(perm), [n, 1], 'int32');
  const upd = src.reshape([n]);
  await time('tensorScatterUpdate 256', () => tf.tensorScatterUpdate(base, ind, upd), 2);
});
