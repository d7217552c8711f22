/**
 * Runs the WebGPU measurements in plain Node on Dawn instead of in Chromium: on a machine with a
 * GPU this measures the generated WGSL on real hardware, where the browser suites can only use
 * SwiftShader. Bundle it with what it imports, then run the bundle from the repository root
 * anywhere Node 20 runs (bench/PERFORMANCE.md gives the commands):
 *
 *   TILEKIT_DAWN_NODE=/path/to/webgpu/dist/linux-x64/dawn.node node webgpu-on-dawn.mjs [parts]
 *
 * `parts` (comma-separated; default all): `conformance` (the sparse suite through this
 * package's ops and tfjs-kernels' tile-op suite on the `webgpu` backend, so the figures come
 * with a check that the shaders compute the right values on that GPU), `tiles` (tfjs-kernels'
 * tile-op bench suite), `sparse` (this package's sparse WebGPU bench suite), `scaling` (the
 * sparse kernels at the sizes of the GPU goals, ./scaling-cases.ts). Without
 * TILEKIT_DAWN_NODE the `webgpu` npm package's own `dawn.node` is used where it is installed.
 * Prints the adapter it got and everything it measures, and writes the same text to
 * `bench/results/<adapter>.txt` (TILEKIT_RESULTS_DIR overrides the folder;
 * TILEKIT_SCALING_SAMPLES the calls per scaling figure, default 20). Kernel times come
 * from WebGPU timestamp queries where the adapter has `timestamp-query` (Dawn may need
 * TILEKIT_DAWN_FLAGS=enable-dawn-features=allow_unsafe_apis). Exits non-zero when a
 * conformance case fails, 2 when Dawn cannot be loaded.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { benchOptionsFromJson, formatSuite, runSuite } from '@tilekit/bench';
import { installDawn } from '@tilekit/bench/dawn';

const PARTS = ['conformance', 'tiles', 'sparse', 'scaling'] as const;
type Part = (typeof PARTS)[number];

/** Where `dawn.node` is: the environment's path, or the installed `webgpu` package's. */
function dawnNodePath(): string | undefined {
  const given = process.env.TILEKIT_DAWN_NODE;
  if (given !== undefined && given !== '') return given;
  try {
    const root = dirname(createRequire(import.meta.url).resolve('webgpu/package.json'));
    return join(root, 'dist', `${process.platform}-${process.arch}`, 'dawn.node');
  } catch {
    return undefined;
  }
}

/** Lowercase words of `text` joined by dashes (a file name). */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'unknown-adapter'
  );
}

const parts = new Set<string>((process.argv[2] ?? PARTS.join(',')).split(','));
const unknown = [...parts].filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`Unknown part(s) ${unknown.join(', ')}; expected some of ${PARTS.join(', ')}.`);
  process.exit(2);
}
const wants = (part: Part) => parts.has(part);

const dawnPath = dawnNodePath();
if (dawnPath === undefined || !existsSync(dawnPath)) {
  console.error(
    dawnPath === undefined
      ? 'Dawn is not installed: the `webgpu` npm package (its dawn.node) was not found and ' +
          'TILEKIT_DAWN_NODE is not set. Install it (npm pack webgpu@0.6.2, unpack, then set ' +
          'TILEKIT_DAWN_NODE to package/dist/<platform>-<arch>/dawn.node).'
      : `TILEKIT_DAWN_NODE names ${dawnPath}, which does not exist.`,
  );
  process.exit(2);
}
try {
  installDawn(dawnPath, (process.env.TILEKIT_DAWN_FLAGS ?? '').split(',').filter(Boolean));
} catch (e) {
  console.error(`Dawn could not be loaded from ${dawnPath}: ${(e as Error).message}`);
  process.exit(2);
}
const gpu = (globalThis as unknown as { navigator: { gpu: GPU } }).navigator.gpu;
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
if (adapter === null) {
  console.error('Dawn found no WebGPU adapter on this machine.');
  process.exit(1);
}

// Everything printed from here on is also the results file.
const report: string[] = [];
const log = (...lines: string[]) => {
  for (const line of lines) {
    console.log(line);
    report.push(line);
  }
};
const info = adapter.info;
const device = `${info.vendor} ${info.architecture} ${info.device} ${info.description}`.trim();
const timestamps = adapter.features.has('timestamp-query');
log(
  `WebGPU adapter (Dawn, Node ${process.version}): ${device}`,
  `timestamp-query: ${timestamps ? 'yes (kernel times from the GPU)' : 'no (wall times, waited)'}`,
);

// Imported only now: tfjs-backend-webgpu registers itself only where navigator.gpu exists.
const tf = await import('@tensorflow/tfjs-core');
await import('@tensorflow/tfjs-backend-webgpu');
await import('@tilekit/tfjs-kernels/register-webgpu');
await import('../../src/tfjs/register-webgpu.js');
if (!(await tf.setBackend('webgpu'))) throw new Error('the webgpu backend failed to start');
tf.env().set('WEBGPU_CPU_FORWARD', false);

let failed = false;
const options = benchOptionsFromJson(process.env.TILEKIT_BENCH_OPTIONS ?? '{"rounds":5}');
try {
  if (wants('conformance')) failed = await runConformanceOnWebgpu();
  if (wants('tiles')) {
    // tfjs-kernels' tile-op suite, bundled from its bench folder (it is not an export).
    const tiles = await import('../../../tfjs-kernels/bench/browser/webgpu.bench.js');
    log(`(tile-op suite below runs on Dawn: ${device})`);
    log(...formatSuite(await runSuite(tiles.default, options)));
  }
  if (wants('sparse')) {
    const { sparseWebgpuSuite } = await import('../browser/webgpu.bench.js');
    log(...formatSuite(await runSuite(sparseWebgpuSuite(`Node on Dawn: ${device}`), options)));
  }
  if (wants('scaling')) {
    await tf.setBackend('webgpu');
    const { runScalingCases } = await import('./scaling-cases.js');
    const samples = Number(process.env.TILEKIT_SCALING_SAMPLES ?? 20);
    await runScalingCases(timestamps ? 'timestamp-query' : 'wall, waited', samples, log);
  }
} finally {
  const folder = resolve(process.env.TILEKIT_RESULTS_DIR ?? join('bench', 'results'));
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${slug(`${info.vendor} ${info.device || info.architecture}`)}.txt`);
  writeFileSync(file, `${report.join('\n')}\n`);
  console.log(`written to ${file}`);
}
process.exit(failed ? 1 : 0);

/** The sparse and tile-op conformance suites on the `webgpu` backend; whether any case failed. */
async function runConformanceOnWebgpu(): Promise<boolean> {
  const { formatReport, kernelConformance, sparseConformance } = await import(
    '@tilekit/conformance'
  );
  const { SPARSE_TFJS_CONFORMANCE_EXCLUSIONS, tfjsSparseConformanceImpl } = await import(
    '../../src/tfjs/index.js'
  );
  const ops = await import('@tilekit/tfjs-kernels');
  const reports = [
    await sparseConformance(tfjsSparseConformanceImpl(), {
      label: 'sparse (tfjs webgpu)',
      exclusions: SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
    }).run(),
    await kernelConformance({ tf, backend: 'webgpu', ops }).run(),
  ];
  log(formatReport(reports));
  return reports.some((r) => r.failed > 0);
}
