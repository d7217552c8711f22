/**
 * `tscatter` of one 256 x 256 float32 tile through a random permutation, against a bare
 * typed-array loop (the floor) and stock tfjs `tensorScatterUpdate` with `[N, 2]` indices; and
 * its inverse `tgather`, against the bare gather loop and stock `tf.gather` on the flat tile.
 */
import { tgather, tscatter } from '../src/index.js';
import { arrayBufferBytesPerCall, cpuBenchSuite, seededPermutation, tf } from './bench-support.js';

const ROWS = 256;
const COLS = 256;
const N = ROWS * COLS;
const permutation = seededPermutation(N);
const srcValues = Float32Array.from({ length: N }, (_, k) => k * 0.5);

let src: tf.Tensor2D;
let idx: tf.Tensor2D;
let zeros: tf.Tensor2D;
let pairs: tf.Tensor2D;
let updates: tf.Tensor1D;

/** The bare loop written as a function of its arrays, as a library would have to. */
function scatterLoop(values: Float32Array, offsets: Int32Array, n: number): Float32Array {
  const dst = new Float32Array(n);
  for (let k = 0; k < n; k++) dst[offsets[k]!] = values[k]!;
  return dst;
}

/** The bare gather loop as a function of its arrays. */
function gatherLoop(values: Float32Array, offsets: Int32Array, n: number): Float32Array {
  const dst = new Float32Array(n);
  for (let k = 0; k < n; k++) dst[k] = values[offsets[k]!]!;
  return dst;
}

let flatIdx: tf.Tensor1D;

function ours(): void {
  tscatter(src, idx, { dstShape: [ROWS, COLS] }).dispose();
}

export default cpuBenchSuite({
  name: 'tfjs-kernels: tscatter (cpu)',
  setup: () => {
    src = tf.tensor2d(srcValues, [ROWS, COLS]);
    idx = tf.tensor2d(permutation, [ROWS, COLS], 'int32');
    zeros = tf.zeros([ROWS, COLS]);
    const rowCol = new Int32Array(2 * N);
    permutation.forEach((k, n) => {
      rowCol[2 * n] = Math.floor(k / COLS);
      rowCol[2 * n + 1] = k % COLS;
    });
    pairs = tf.tensor2d(rowCol, [N, 2], 'int32');
    updates = tf.tensor1d(srcValues);
    flatIdx = tf.tensor1d(permutation, 'int32');
    // The gather baselines must do the same work as tgather.
    const ours = tgather(src, idx, { dstShape: [ROWS, COLS] });
    const theirs = gatherLoop(srcValues, permutation, N);
    if (!ours.dataSync().every((v, k) => v === theirs[k])) throw new Error('gatherLoop disagrees');
    ours.dispose();
  },
  teardown: () => tf.dispose([src, idx, zeros, pairs, updates, flatIdx]),
  cases: [
    {
      name: 'tscatter f32[256,256] by a random permutation',
      items: N,
      ours: { label: 'tscatter', fn: ours },
      baselines: [
        {
          label:
            'bare typed-array loop over module constants (new Float32Array + dst[idx[k]] = src[k])',
          fn: () => {
            const dst = new Float32Array(N);
            for (let k = 0; k < N; k++) dst[permutation[k]!] = srcValues[k]!;
            return dst;
          },
        },
        {
          label: 'the same loop as a reusable function scatterLoop(src, idx, n)',
          fn: () => scatterLoop(srcValues, permutation, N),
        },
        {
          label: 'tf.tensorScatterUpdate(zeros, [N,2] indices, updates)',
          fn: () => tf.tensorScatterUpdate(zeros, pairs, updates).dispose(),
        },
      ],
      goal: '<= 1.5x the bare loop (ratio >= 0.67), >= 2x tf.tensorScatterUpdate',
      extra: async () => ({
        'arrayBuffer bytes/call (output is 262144)': await arrayBufferBytesPerCall(() =>
          tscatter(src, idx, { dstShape: [ROWS, COLS] }).dispose(),
        ),
      }),
    },
    {
      name: 'tgather f32[256,256] by a random permutation',
      items: N,
      ours: {
        label: 'tgather',
        fn: () => tgather(src, idx, { dstShape: [ROWS, COLS] }).dispose(),
      },
      baselines: [
        {
          label: 'the bare loop as a function gatherLoop(src, idx, n)',
          fn: () => gatherLoop(srcValues, permutation, N),
        },
        {
          label: 'tf.gather(flat src, flat indices)',
          fn: () => tf.tidy(() => tf.gather(tf.reshape(src, [N]), flatIdx).dataSync()),
        },
      ],
      goal: '<= 1.5x the bare loop (ratio >= 0.67), faster than tf.gather',
    },
  ],
});
