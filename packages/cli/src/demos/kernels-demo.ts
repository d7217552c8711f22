import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tilekit/tfjs-kernels/register-cpu';
import { relayout, tscatter, unrelayout } from '@tilekit/tfjs-kernels';
import type { DemoSection } from './demo-section.js';
import { quietTfjs } from './quiet-tfjs.js';

/** Formats a flat list as rows of `width` entries. */
function rows(values: ArrayLike<number>, width: number): string {
  const out: string[] = [];
  for (let i = 0; i < values.length; i += width) {
    out.push(
      `  ${Array.from(values)
        .slice(i, i + width)
        .map((v) => String(v).padStart(3))
        .join(' ')}`,
    );
  }
  return out.join('\n');
}

/** Relayout and TSCATTER as tfjs ops on the `cpu` backend, with the values they compute. */
export const kernelsDemo: DemoSection = {
  title: 'tfjs ops on the cpu backend: relayout to a tiled layout, and PTO TSCATTER',
  async run(io) {
    quietTfjs();
    await tf.setBackend('cpu');
    const before = tf.memory().numTensors;
    tf.tidy(() => {
      const x = tf.tensor2d(
        Array.from({ length: 15 }, (_, i) => i + 1),
        [3, 5],
      );
      const physical = relayout(x, '{1,0:T(2,2)}', { padValue: -1 });
      const back = unrelayout(physical, 'f32[3,5]{1,0:T(2,2)}');
      const exact = tf.all(tf.equal(back, x)).dataSync()[0] === 1;
      io.stdout(
        [
          "relayout(x, '{1,0:T(2,2)}', {padValue: -1}) of x = [[1..5],[6..10],[11..15]] (Figure 1's layout):",
          rows(physical.dataSync(), 4),
          `  -> ${physical.size} slots (each row above is one 2x2 tile; -1 marks padding)`,
          `unrelayout(..., 'f32[3,5]{1,0:T(2,2)}') gives x back exactly: ${exact}`,
          '',
        ].join('\n'),
      );

      // An 8-wide f32 row is 32 bytes, as A2A3 requires; idx holds flat destination offsets.
      const src = tf.tensor2d(
        [10, 11, 12, 13, 14, 15, 16, 17, 20, 21, 22, 23, 24, 25, 26, 27],
        [2, 8],
      );
      const idx = tf.tensor2d(
        [0, 9, 2, 11, 4, 13, 6, 15, 1, 8, 3, 10, 5, 12, 7, 7],
        [2, 8],
        'int32',
      );
      const dst = tscatter(src, idx, { dstShape: [2, 8], validRow: 2, validCol: 8 });
      io.stdout(
        [
          'tscatter(src, idx, {dstShape: [2, 8]}): dst_flat[idx[i,j]] = src[i,j], zero-filled first.',
          'src:',
          rows(src.dataSync(), 8),
          'idx (flat offsets into the 2x8 destination; the last two both target 7):',
          rows(idx.dataSync(), 8),
          'dst (offset 7 holds 27: the last writer in row-major order wins; offset 14 was never written):',
          rows(dst.dataSync(), 8),
          '',
        ].join('\n'),
      );
    });
    io.stdout(
      `tensors before/after the demo: ${before}/${tf.memory().numTensors} (nothing leaked)\n`,
    );
  },
};
