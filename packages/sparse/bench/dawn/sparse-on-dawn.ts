/**
 * This package's WebGPU measurements in plain Node on Dawn instead of in Chromium: on a machine
 * with a GPU they measure the generated WGSL on real hardware, where the browser suites can only
 * use SwiftShader. `npm run bench:dawn` (tools/scripts/bench-on-dawn.mjs) bundles and runs it
 * beside tfjs-kernels' tile-op runner; alone, bundled the same way:
 *
 *   node sparse-on-dawn.mjs [parts]
 *
 * `parts` (comma-separated; default all): `conformance` (the sparse suite through this package's
 * ops on the `webgpu` backend, so the figures come with a check that the shaders compute the
 * right values on that GPU), `sparse` (this package's sparse WebGPU bench suite), `scaling` (the
 * sparse kernels at the sizes of the GPU goals, ./scaling-cases.ts; TILEKIT_SCALING_SAMPLES
 * calls per figure, default 20). Kernel times come from WebGPU timestamp queries where the
 * adapter has `timestamp-query`. The output is also written to
 * `bench/results/<adapter>/sparse.txt` (see @tilekit/bench/dawn for Dawn's environment). Exits
 * 1 when a conformance case fails, 2 when Dawn cannot be loaded.
 */
import { benchOptionsFromJson, formatSuite, runSuite } from '@tilekit/bench';
import { openDawnSession } from '@tilekit/bench/dawn';

const PARTS = ['conformance', 'sparse', 'scaling'] as const;
type Part = (typeof PARTS)[number];

const parts = new Set<string>((process.argv[2] ?? PARTS.join(',')).split(','));
const unknown = [...parts].filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`Unknown part(s) ${unknown.join(', ')}; expected some of ${PARTS.join(', ')}.`);
  process.exit(2);
}
const wants = (part: Part) => parts.has(part);

const { device, timestamps, log, finish } = await openDawnSession('sparse');

// Imported only now: tfjs-backend-webgpu registers itself only where navigator.gpu exists.
const tf = await import('@tensorflow/tfjs-core');
await import('@tensorflow/tfjs-backend-webgpu');
await import('../../src/tfjs/register-webgpu.js');
if (!(await tf.setBackend('webgpu'))) throw new Error('the webgpu backend failed to start');
tf.env().set('WEBGPU_CPU_FORWARD', false);

let failed = false;
const options = benchOptionsFromJson(process.env.TILEKIT_BENCH_OPTIONS ?? '{"rounds":5}');
try {
  if (wants('conformance')) {
    const { formatReport, sparseConformance } = await import('@tilekit/conformance');
    const { SPARSE_TFJS_CONFORMANCE_EXCLUSIONS, tfjsSparseConformanceImpl } = await import(
      '../../src/tfjs/index.js'
    );
    const report = await sparseConformance(tfjsSparseConformanceImpl(), {
      label: 'sparse (tfjs webgpu)',
      exclusions: SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
    }).run();
    log(formatReport([report]));
    failed = report.failed > 0;
  }
  if (wants('sparse')) {
    const { sparseWebgpuSuite } = await import('../browser/webgpu.bench.js');
    log(...formatSuite(await runSuite(sparseWebgpuSuite(`Node on Dawn: ${device}`), options)));
  }
  if (wants('scaling')) {
    // The sparse suite's cpu-backend baselines leave another backend current.
    await tf.setBackend('webgpu');
    const { runScalingCases } = await import('./scaling-cases.js');
    const samples = Number(process.env.TILEKIT_SCALING_SAMPLES ?? 20);
    await runScalingCases(timestamps ? 'timestamp-query' : 'wall, waited', samples, log);
  }
} finally {
  finish(failed);
}
