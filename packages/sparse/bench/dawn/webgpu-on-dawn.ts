/**
 * Runs the sparse WebGPU suite (../browser/webgpu.bench.ts) in plain Node on Dawn instead of in
 * Chromium: on a machine with a GPU this measures the generated WGSL on real hardware, where the
 * browser suites can only use SwiftShader. Bundle it with what it imports, then run the bundle
 * anywhere Node 20 runs (bench/PERFORMANCE.md gives the commands):
 *
 *   TILEKIT_DAWN_NODE=/path/to/webgpu/dist/linux-x64/dawn.node node webgpu-on-dawn.mjs [part]
 *
 * `part` is `conformance`, `bench` or (the default) both.
 * Prints the adapter it got, then the conformance suites that run on a tfjs backend (the sparse
 * suite through this package's ops, tfjs-kernels' tile-op suite) on the `webgpu` backend, so the
 * figures come with a check that the shaders compute the right values on that GPU, then the
 * suite's report, as `npm run bench` does. Exits non-zero when a conformance case fails.
 */
import { benchOptionsFromJson, formatSuite, runSuite } from '@tilekit/bench';
import { installDawn } from '@tilekit/bench/dawn';

const dawnPath = process.env.TILEKIT_DAWN_NODE;
if (dawnPath === undefined || dawnPath === '') {
  console.error('Set TILEKIT_DAWN_NODE to the path of dawn.node (the webgpu npm package).');
  process.exit(2);
}
installDawn(dawnPath, (process.env.TILEKIT_DAWN_FLAGS ?? '').split(',').filter(Boolean));
const gpu = (globalThis as unknown as { navigator: { gpu: GPU } }).navigator.gpu;
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
if (adapter === null) {
  console.error('Dawn found no WebGPU adapter on this machine.');
  process.exit(1);
}
const info = adapter.info;
const device = `${info.vendor} ${info.architecture} ${info.device} ${info.description}`.trim();
console.log(`WebGPU adapter (Dawn, Node ${process.version}): ${device}`);
// Imported only now: tfjs-backend-webgpu registers itself only where navigator.gpu exists.
const { sparseWebgpuSuite } = await import('../browser/webgpu.bench.js');
const part = process.argv[2] ?? 'both';
const failed = part === 'bench' ? false : await runConformanceOnWebgpu();
const suite = sparseWebgpuSuite(`Node on Dawn: ${device}`);
if (part === 'conformance') process.exit(failed ? 1 : 0);
const options = benchOptionsFromJson(process.env.TILEKIT_BENCH_OPTIONS ?? '{"rounds":5}');
console.log(formatSuite(await runSuite(suite, options)).join('\n'));
process.exit(failed ? 1 : 0);

/** The sparse and tile-op conformance suites on the `webgpu` backend; whether any case failed. */
async function runConformanceOnWebgpu(): Promise<boolean> {
  const tf = await import('@tensorflow/tfjs-core');
  const { formatReport, kernelConformance, sparseConformance } = await import(
    '@tilekit/conformance'
  );
  const { SPARSE_TFJS_CONFORMANCE_EXCLUSIONS, tfjsSparseConformanceImpl } = await import(
    '../../src/tfjs/index.js'
  );
  const ops = await import('@tilekit/tfjs-kernels');
  await import('@tilekit/tfjs-kernels/register-webgpu');
  if (!(await tf.setBackend('webgpu'))) throw new Error('the webgpu backend failed to start');
  tf.env().set('WEBGPU_CPU_FORWARD', false);
  const reports = [
    await sparseConformance(tfjsSparseConformanceImpl(), {
      label: 'sparse (tfjs webgpu)',
      exclusions: SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
    }).run(),
    await kernelConformance({ tf, backend: 'webgpu', ops }).run(),
  ];
  console.log(formatReport(reports));
  return reports.some((r) => r.failed > 0);
}
