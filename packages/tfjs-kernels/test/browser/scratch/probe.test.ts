import { expect, it } from 'vitest';
import { convertLayout, relayout, unrelayout } from '../../../src/index.js';
import { isOnGpu, tf, useBackend } from '../support/backends.js';

it('relayout smoke', async () => {
  await useBackend('webgl');
  tf.env().set('WEBGL_CPU_FORWARD', false);
  const x = tf.tensor2d([
    [1, 2, 3, 4, 5],
    [6, 7, 8, 9, 10],
    [11, 12, 13, 14, 15],
  ]);
  const b = relayout(x, '{1,0:T(2,2)}');
  expect(isOnGpu(b)).toBe(true);
  expect(Array.from(await b.data())).toEqual([
    1, 2, 6, 7, 3, 4, 8, 9, 5, 0, 10, 0, 11, 12, 0, 0, 13, 14, 0, 0, 15, 0, 0, 0,
  ]);
  const back = unrelayout(b, 'f32[3,5]{1,0:T(2,2)}');
  expect(Array.from(await back.data())).toEqual(Array.from(await x.data()));
  const c = convertLayout(b, 'f32[3,5]{1,0:T(2,2)}', '{0,1:T(2,2)}', { padValue: -1 });
  await useBackend('cpu');
  const x2 = tf.tensor2d([
    [1, 2, 3, 4, 5],
    [6, 7, 8, 9, 10],
    [11, 12, 13, 14, 15],
  ]);
  const c2 = convertLayout(relayout(x2, '{1,0:T(2,2)}'), 'f32[3,5]{1,0:T(2,2)}', '{0,1:T(2,2)}', {
    padValue: -1,
  });
  const cpuVals = Array.from(await c2.data());
  await useBackend('webgl');
  expect(Array.from(await c.data())).toEqual(cpuVals);
  console.log(cpuVals);
});
