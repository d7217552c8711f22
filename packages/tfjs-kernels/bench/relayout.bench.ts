/**
 * relayout / unrelayout of float32 [2048, 2048] to XLA TPU-style tiled layouts, against the
 * memcpy floor (`Float32Array.prototype.set` of the same bytes into a new array; also into
 * unzeroed memory, the stricter floor), the stock tfjs pad → reshape → transpose composition of
 * `relayoutPlan` on the CPU backend, and hand-written plain-JS loops (zeroed arrays, as a user
 * would allocate them).
 */

import { relayoutPlan } from '@tilekit/layout';
import { convertLayout, relayout, unrelayout } from '../src/index.js';
import { ElementMover } from '../src/relayout/element-mover.js';
import { layoutRuns } from '../src/relayout/layout-cache.js';
import { movePlan } from '../src/relayout/move-plan.js';
import { identityRuns } from '../src/relayout/run-copy.js';
import { arrayBufferBytesPerCall, cpuBenchSuite, tf } from './bench-support.js';
import { nativeReferenceLines } from './native-reference.js';

const N = 2048;
const COUNT = N * N;
const values = Float32Array.from({ length: COUNT }, (_, k) => (k % 1000) * 0.25);
const TILED = '{1,0:T(8,128)}';
const TILED_BF16_STYLE = '{1,0:T(8,128)(2,1)}';
const shapeOf = (layout: string) => `f32[${N},${N}]${layout}`;

let x: tf.Tensor2D;
const buffers = new Map<string, tf.Tensor1D>();

/** The memcpy floor: a new array of the same length filled by one native copy. */
function memcpy(): Float32Array {
  const copy = new Float32Array(COUNT);
  copy.set(values);
  return copy;
}

/**
 * A stricter floor: the same copy into memory that is not zeroed first (Node's
 * `Buffer.allocUnsafeSlow`), which is how relayout allocates outputs it overwrites in full.
 */
function memcpyUninitialized(): Float32Array {
  const copy = new Float32Array(Buffer.allocUnsafeSlow(COUNT * 4).buffer, 0, COUNT);
  copy.set(values);
  return copy;
}

const MEMCPY_FLOORS = [
  { label: 'memcpy floor (new Float32Array + set)', fn: memcpy },
  { label: 'memcpy into unzeroed memory (Buffer.allocUnsafeSlow + set)', fn: memcpyUninitialized },
];

/**
 * What a user would write by hand for `{1,0:T(8,128)}` without tilekit: one native copy per
 * 128-element tile row (`set` of a `subarray`) into its place in the tile grid.
 */
function perTileRowNativeCopies(): Float32Array {
  const physical = new Float32Array(COUNT);
  const tilesPerRow = N / 128;
  for (let row = 0; row < N; row++) {
    const band = (row >> 3) * 8 * N + (row & 7) * 128;
    for (let t = 0; t < tilesPerRow; t++) {
      const from = row * N + t * 128;
      physical.set(values.subarray(from, from + 128), band + t * 1024);
    }
  }
  return physical;
}

/** Words (two float32 each) in one 128-element tile row. */
const ROW_WORDS = 64;

/** `to[t + k] = from[f + k]` for the 64 words of one tile row, unrolled 4 ways. */
function copyTileRowWords(to: Float64Array, t: number, from: Float64Array, f: number): void {
  for (const end = t + ROW_WORDS; t < end; t += 4, f += 4) {
    to[t] = from[f]!;
    to[t + 1] = from[f + 1]!;
    to[t + 2] = from[f + 2]!;
    to[t + 3] = from[f + 3]!;
  }
}

/**
 * What a user would write in plain JavaScript for `{1,0:T(8,128)}` alone: the output in order
 * (the order tilekit's move plan walks), each tile row copied as 64 float64 words by an
 * unrolled loop.
 */
function handUnrolledWordLoop(): Float32Array {
  const physical = new Float32Array(COUNT);
  const to = new Float64Array(physical.buffer);
  const from = new Float64Array(values.buffer);
  const rowWords = N / 2;
  let t = 0;
  for (let band = 0; band < N / 8; band++) {
    for (let tile = 0; tile < N / 128; tile++) {
      for (let r = 0; r < 8; r++, t += ROW_WORDS) {
        copyTileRowWords(to, t, from, (band * 8 + r) * rowWords + tile * ROW_WORDS);
      }
    }
  }
  return physical;
}

/**
 * The same tile-row copies in input order, each row stored at its tile position (`tiled`: a
 * relayout) or at its own input offset (not a relayout but a plain copy). The two differ only in
 * where the rows land, so side by side they show what the tiled store pattern itself costs.
 */
function inputOrderRowCopies(tiled: boolean): Float32Array {
  const physical = new Float32Array(COUNT);
  const to = new Float64Array(physical.buffer);
  const from = new Float64Array(values.buffer);
  const rowWords = N / 2;
  let f = 0;
  for (let row = 0; row < N; row++) {
    const band = (row >> 3) * 8 * rowWords + (row & 7) * ROW_WORDS;
    for (let tile = 0; tile < N / 128; tile++, f += ROW_WORDS) {
      copyTileRowWords(to, tiled ? band + tile * 8 * ROW_WORDS : f, from, f);
    }
  }
  return physical;
}

/** The stock composition: `relayoutPlan`'s steps with tf.transpose / tf.pad / tf.reshape. */
function stockRelayout(layout: string): void {
  tf.tidy(() => {
    let t: tf.Tensor = x;
    for (const step of relayoutPlan(shapeOf(layout)).steps) {
      if (step.op === 'transpose') t = tf.transpose(t, [...step.perm]);
      else if (step.op === 'reshape') t = tf.reshape(t, [...step.shape]);
      else
        t = tf.pad(
          t,
          step.paddings.map(([a, b]) => [a, b] as [number, number]),
        );
    }
    t.dataSync();
  });
}

/** Inverse of the stock composition: the plan's steps undone in reverse order. */
function stockUnrelayout(layout: string): void {
  tf.tidy(() => {
    const plan = relayoutPlan(shapeOf(layout));
    let t: tf.Tensor = buffers.get(layout)!;
    const shapes: number[][] = [];
    let shape = [...plan.logicalShape];
    for (const step of plan.steps) {
      shapes.push(shape);
      if (step.op === 'transpose') shape = step.perm.map((p) => shape[p]!);
      else if (step.op === 'reshape') shape = [...step.shape];
      else shape = shape.map((s, d) => s + step.paddings[d]![1]);
    }
    plan.steps.forEach((_, k) => {
      const step = plan.steps[plan.steps.length - 1 - k]!;
      const before = shapes[shapes.length - 1 - k]!;
      if (step.op === 'transpose') {
        const inverse: number[] = [];
        step.perm.forEach((p, i) => {
          inverse[p] = i;
        });
        t = tf.transpose(t, inverse);
      } else if (step.op === 'reshape') t = tf.reshape(t, before);
      else
        t = tf.slice(
          t,
          before.map(() => 0),
          before,
        );
    });
    t.dataSync();
  });
}

/**
 * The same copy on f32[64, 2048] (512 KiB each way, inside one core's 2 MiB L2) into an array
 * that already exists, against `set` into one: the word loop's own cost next to memcpy's where
 * memory hides none of it (at this size allocation and the tfjs op would dominate, so both are
 * left out). At 16 MiB both wait on memory, which is what brings the ratio down to the above.
 */
function inCacheCase() {
  const rows = 64;
  const small = values.subarray(0, rows * N);
  const plan = movePlan(layoutRuns('float32', [rows, N], TILED), identityRuns(small.length))!;
  const target = new Float32Array(small.length);
  return {
    name: `f32[${rows},${N}] -> ${TILED} into an existing array, data in L2`,
    items: small.length,
    ours: {
      label: "relayout's copy loop (ElementMover.movePlanned)",
      fn: () => new ElementMover(target, small).movePlanned(plan),
    },
    baselines: [{ label: 'memcpy (set into the same array)', fn: () => target.set(small) }],
    goal: 'none: the loop where memory hides none of its cost',
  };
}

const bytesBeyondOutput = async (fn: () => tf.Tensor) => ({
  'arrayBuffer bytes/call beyond the output':
    (await arrayBufferBytesPerCall(() => fn().dispose())) - COUNT * 4,
});

function relayoutCase(
  layout: string,
  goal: string,
  handWritten: { label: string; fn: () => unknown }[] = [],
  withNativeReference = false,
) {
  return {
    name: `relayout f32[${N},${N}] -> ${layout}`,
    items: COUNT,
    ours: { label: 'relayout', fn: () => relayout(x, layout).dispose() },
    baselines: [
      ...MEMCPY_FLOORS,
      { label: 'stock tfjs pad -> reshape -> transpose', fn: () => stockRelayout(layout) },
      ...handWritten,
    ],
    goal,
    extra: async () => ({
      ...(await bytesBeyondOutput(() => relayout(x, layout))),
      ...(withNativeReference ? nativeReferenceLines() : {}),
    }),
  };
}

function unrelayoutCase(layout: string, goal: string) {
  return {
    name: `unrelayout ${shapeOf(layout)}`,
    items: COUNT,
    ours: {
      label: 'unrelayout',
      fn: () => unrelayout(buffers.get(layout)!, shapeOf(layout)).dispose(),
    },
    baselines: [
      ...MEMCPY_FLOORS,
      { label: 'stock tfjs transpose -> reshape -> slice', fn: () => stockUnrelayout(layout) },
    ],
    goal,
    extra: () => bytesBeyondOutput(() => unrelayout(buffers.get(layout)!, shapeOf(layout))),
  };
}

export default cpuBenchSuite({
  name: 'tfjs-kernels: relayout family (cpu)',
  setup: () => {
    x = tf.tensor2d(values, [N, N]);
    for (const layout of [TILED, TILED_BF16_STYLE])
      buffers.set(layout, relayout(x, layout) as tf.Tensor1D);
    // The hand-written baselines must do the same work as relayout.
    const ours = buffers.get(TILED)!.dataSync();
    const handWritten = {
      perTileRowNativeCopies,
      handUnrolledWordLoop,
      inputOrderRowCopies: () => inputOrderRowCopies(true),
    };
    for (const [name, fn] of Object.entries(handWritten)) {
      if (!fn().every((v, k) => v === ours[k])) throw new Error(`${name} disagrees with relayout`);
    }
    if (!inputOrderRowCopies(false).every((v, k) => v === values[k]))
      throw new Error('the untiled row copies are not a plain copy');
  },
  teardown: () => tf.dispose([x, ...buffers.values()]),
  cases: [
    relayoutCase(
      TILED,
      '<= 1.5x the memcpy floor (ratio >= 0.67), >= 20x stock',
      [
        {
          label: 'hand-written JS: a native set per 512-byte tile row',
          fn: perTileRowNativeCopies,
        },
        {
          label: 'hand-written JS: unrolled Float64Array word loop, output in order',
          fn: handUnrolledWordLoop,
        },
        {
          label: 'hand-written JS: the same word loop, input in order',
          fn: () => inputOrderRowCopies(true),
        },
        {
          label: 'diagnostic, not a relayout: that loop storing each row at its input offset',
          fn: () => inputOrderRowCopies(false),
        },
      ],
      true,
    ),
    inCacheCase(),
    relayoutCase(TILED_BF16_STYLE, '<= 3x the memcpy floor (ratio >= 0.33), >= 20x stock'),
    unrelayoutCase(TILED, '<= 1.5x the memcpy floor (ratio >= 0.67), >= 20x stock'),
    unrelayoutCase(TILED_BF16_STYLE, '<= 3x the memcpy floor (ratio >= 0.33), >= 20x stock'),
    {
      name: `convertLayout ${shapeOf(TILED)} -> ${TILED_BF16_STYLE}`,
      items: COUNT,
      ours: {
        label: 'convertLayout',
        fn: () => convertLayout(buffers.get(TILED)!, shapeOf(TILED), TILED_BF16_STYLE).dispose(),
      },
      baselines: [
        ...MEMCPY_FLOORS,
        {
          label: 'relayout(unrelayout(buffer))',
          fn: () =>
            tf
              .tidy(() =>
                relayout(unrelayout(buffers.get(TILED)!, shapeOf(TILED)), TILED_BF16_STYLE),
              )
              .dispose(),
        },
      ],
      goal: 'one pass: faster than relayout(unrelayout(...))',
      extra: () =>
        bytesBeyondOutput(() =>
          convertLayout(buffers.get(TILED)!, shapeOf(TILED), TILED_BF16_STYLE),
        ),
    },
  ],
});
