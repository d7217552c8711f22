/**
 * relayout of float32 [2048, 2048] to `{1,0:T(8,128)}` on tfjs's wasm backend, against the
 * memcpy floor in the same memory (`HEAPU8.copyWithin` of the same 16 MiB from the input's heap
 * bytes into a new output tensor, and into one that already exists) and against the stock tfjs
 * composition on the same backend: `relayoutPlan`'s reshape -> transpose -> reshape, i.e.
 * reshape to [256, 8, 16, 128], transpose [0, 2, 1, 3], reshape flat (checked in setup).
 * Nothing is read back: wasm kernels run synchronously, and a read-back would add one more copy
 * to every candidate.
 */
import '@tensorflow/tfjs-backend-wasm';
import { defineBenchSuite } from '@tilekit/bench';
import { relayoutPlan } from '@tilekit/layout';
import '../src/register-wasm.js';
import { heapOffset, type WasmBackendLike } from '@tilekit/tfjs-backend-support/wasm-heap';
import { relayout } from '../src/index.js';
import { layoutRuns } from '../src/relayout/layout-cache.js';
import { movePlan } from '../src/relayout/move-plan.js';
import { identityRuns } from '../src/relayout/run-copy.js';
import { tf } from './bench-support.js';
import { nativeReferenceLines } from './native-reference.js';

const N = 2048;
const COUNT = N * N;
const values = Float32Array.from({ length: COUNT }, (_, k) => (k % 1000) * 0.25);
const TILED = '{1,0:T(8,128)}';
const SHAPE = `f32[${N},${N}]${TILED}`;
/** The composition the stock baseline must run (what `relayoutPlan` gives for SHAPE). */
const STOCK_STEPS = JSON.stringify([
  { op: 'reshape', shape: [N / 8, 8, N / 128, 128] },
  { op: 'transpose', perm: [0, 2, 1, 3] },
  { op: 'reshape', shape: [COUNT] },
]);

let x: tf.Tensor2D;
let existing: tf.Tensor1D;
let wasm: WasmBackendLike;

/** The stock composition, step by step as `relayoutPlan` lists it. */
function stockRelayout(): tf.Tensor {
  return tf.tidy(() => {
    let t: tf.Tensor = x;
    for (const step of relayoutPlan(SHAPE).steps) {
      if (step.op === 'transpose') t = tf.transpose(t, [...step.perm]);
      else if (step.op === 'reshape') t = tf.reshape(t, [...step.shape]);
      else throw new Error(`unexpected ${step.op} step for ${SHAPE}`);
    }
    return t;
  });
}

/** The floor as a kernel would meet it: a new output tensor, filled by one native memmove. */
function copyWithinIntoNewOutput(): void {
  const output = wasm.makeOutput([COUNT], 'float32');
  const from = heapOffset(wasm, x);
  wasm.wasm.HEAPU8.copyWithin(heapOffset(wasm, output), from, from + COUNT * 4);
  tf.engine().makeTensorFromTensorInfo(output).dispose();
}

/** The stricter floor: the same memmove into a tensor that already exists. */
function copyWithinIntoExisting(): void {
  const from = heapOffset(wasm, x);
  wasm.wasm.HEAPU8.copyWithin(heapOffset(wasm, existing), from, from + COUNT * 4);
}

/** Float32 bit patterns of a tensor, for exact comparisons. */
const bitsOf = (t: tf.Tensor) => new Uint32Array(Float32Array.from(t.dataSync()).buffer);

export default defineBenchSuite({
  name: 'tfjs-kernels: relayout on the wasm backend',
  setup: async () => {
    tf.env().set('IS_TEST', true);
    if (!(await tf.setBackend('wasm'))) throw new Error('the wasm backend failed to initialise');
    wasm = tf.backend() as unknown as WasmBackendLike;
    x = tf.tensor2d(values, [N, N]);
    existing = tf.zeros([COUNT]);
    // Every candidate must do the same work: the stock steps are the tiled relayout, the
    // composition gives relayout's bits, and copyWithin copies the bytes it claims to.
    const steps = JSON.stringify(relayoutPlan(SHAPE).steps);
    if (steps !== STOCK_STEPS) throw new Error(`relayoutPlan(${SHAPE}) is now ${steps}`);
    const ours = relayout(x, TILED);
    const stock = stockRelayout();
    const [a, b] = [bitsOf(ours), bitsOf(stock)];
    if (!a.every((v, k) => v === b[k]))
      throw new Error('stock composition disagrees with relayout');
    tf.dispose([ours, stock]);
    copyWithinIntoExisting();
    const [copied, input] = [bitsOf(existing), bitsOf(x)];
    if (!copied.every((v, k) => v === input[k]))
      throw new Error('copyWithin did not copy the input');
  },
  teardown: () => tf.dispose([x, existing]),
  cases: [
    {
      name: `relayout f32[${N},${N}] -> ${TILED} (wasm backend)`,
      items: COUNT,
      ours: { label: 'relayout (wasm)', fn: () => relayout(x, TILED).dispose() },
      baselines: [
        { label: 'memcpy floor: makeOutput + HEAPU8.copyWithin', fn: copyWithinIntoNewOutput },
        { label: 'HEAPU8.copyWithin into an existing tensor', fn: copyWithinIntoExisting },
        {
          label: 'stock tfjs reshape -> transpose [0,2,1,3] -> reshape (wasm)',
          fn: () => stockRelayout().dispose(),
        },
      ],
      goal: '<= 1.3x the memcpy floor (ratio >= 0.77), >= 3x stock',
      extra: () => ({
        'moves in the plan (one wasm call runs them all)':
          movePlan(layoutRuns('float32', [N, N], TILED), identityRuns(COUNT))!.moves.length / 3,
        ...nativeReferenceLines(),
      }),
    },
  ],
});
