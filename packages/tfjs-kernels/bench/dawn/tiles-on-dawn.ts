/**
 * The tile ops' WebGPU measurements in plain Node on Dawn instead of in Chromium: on a machine
 * with a GPU, the layout passes on real hardware (SwiftShader, the browser suites' adapter, runs
 * shaders on the CPU). First the kernel conformance suite on the `webgpu` backend, so the figures
 * come with a check that the passes compute the right values on that GPU, then the tile-op bench
 * suite (../browser/webgpu.bench.ts: every layout and scatter case), then the layout cases again
 * at 8192², with timestamp-query kernel times where the adapter has them. `npm run bench:dawn`
 * (tools/scripts/bench-on-dawn.mjs) bundles and runs it beside the sparse runner. The output is
 * also written to `bench/results/<adapter>/tile-ops.txt`. Exits 1 when a conformance case fails,
 * 2 when Dawn cannot be loaded.
 */
import { benchOptionsFromJson, formatSuite, runSuite } from '@tilekit/bench';
import { openDawnSession } from '@tilekit/bench/dawn';

/** The side of the large layout cases: 256 MiB a tensor, far past any GPU's caches. */
const LARGE = 8192;

const { device, log, finish } = await openDawnSession('tile-ops');

// Imported only now: tfjs-backend-webgpu registers itself only where navigator.gpu exists.
const tf = await import('@tensorflow/tfjs-core');
await import('@tensorflow/tfjs-backend-webgpu');
await import('../../src/register-webgpu.js');
if (!(await tf.setBackend('webgpu'))) throw new Error('the webgpu backend failed to start');
tf.env().set('WEBGPU_CPU_FORWARD', false);

let failed = false;
try {
  const { formatReport, kernelConformance } = await import('@tilekit/conformance');
  const ops = await import('../../src/index.js');
  const report = await kernelConformance({ tf, backend: 'webgpu', ops }).run();
  log(formatReport([report]));
  failed = report.failed > 0;
  const options = benchOptionsFromJson(process.env.TILEKIT_BENCH_OPTIONS ?? '{"rounds":5}');
  const { layoutWebgpuSuite, tileOpsWebgpuSuite } = await import('../browser/webgpu.bench.js');
  const where = `Node on Dawn: ${device}`;
  log(...formatSuite(await runSuite(tileOpsWebgpuSuite(where), options)));
  log(...formatSuite(await runSuite(layoutWebgpuSuite(where, LARGE), options)));
} finally {
  finish(failed);
}
