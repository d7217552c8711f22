import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import {
  formatReport,
  irVectorizerImpl,
  kernelConformance,
  layoutConformance,
  type ReportView,
  sparseConformance,
  vectorizerConformance,
} from '@tilekit/conformance';
import * as layout from '@tilekit/layout';
import { interpret, parseModule, printModule } from '@tilekit/loop-ir';
import {
  SPARSE_CONFORMANCE_EXCLUSIONS,
  SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS,
  sparseConformanceImpl,
} from '@tilekit/sparse';
import {
  SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
  tfjsSparseConformanceImpl,
} from '@tilekit/sparse/tfjs';
import { VECTORIZER_CONFORMANCE_EXCLUSIONS, vectorize } from '@tilekit/sparse-vectorizer';
import * as kernels from '@tilekit/tfjs-kernels';
import '@tilekit/tfjs-kernels/register-cpu';
import { choiceOption, HELP_OPTION, helpShown, parseCommandArgs } from '../args.js';
import {
  BACKEND_PACKAGES,
  type BrowserBackend,
  CONFORMANCE_BACKENDS,
  type ConformanceBackend,
  checkBrowserBackend,
  checkPackages,
  isBrowserBackend,
} from '../browser/backend-requirements.js';
import type { Command } from '../command.js';
import type { CliIO } from '../io.js';

const SUITES = ['layout', 'kernels', 'vectorizer', 'sparse'] as const;
type SuiteChoice = (typeof SUITES)[number];

const help = `Usage: tilekit conformance [--backend cpu|webgl|webgpu|wasm] [--suite layout|kernels|vectorizer|sparse]

Runs the @tilekit/conformance suites on tilekit's own implementations and prints a table per
suite and a closing 'N passed, M failed' line (exit 1 when any case fails). Excluded cases are
tilekit's documented deviations; an excluded case that passes counts as a failure.

Options:
  --backend <name>  tfjs backend of the kernel suite (default cpu); given, the sparse suite also
                    runs through the tfjs sparse ops on it. webgl and webgpu run in
                    headless Chromium (SwiftShader WebGL2 / WebGPU): the browser at CHROMIUM_PATH,
                    else a system Chromium or Chrome (Debian/Ubuntu: apt-get install chromium).
                    wasm runs in this Node process. Each needs npm packages installed next to
                    @tilekit/cli; nothing is installed for you:
                      webgl:  ${BACKEND_PACKAGES.webgl.join(', ')}
                      webgpu: ${BACKEND_PACKAGES.webgpu.join(', ')}
                      wasm:   ${BACKEND_PACKAGES.wasm.join(', ')}
  --suite <name>    run only this suite (default: all four); sparse runs @tilekit/sparse's
                    emitted loops, vectorized, on the wasm engine, or with --backend the
                    @tilekit/sparse/tfjs ops (sparseOp) on that tfjs backend
  -h, --help        show this help`;

/** Chromium flags per browser backend: software WebGL2, or WebGPU on its SwiftShader adapter. */
const CHROMIUM_ARGS: Readonly<Record<BrowserBackend, readonly string[]>> = {
  webgl: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  webgpu: ['--enable-unsafe-webgpu'],
};

/** Where the suite's page lives; localhost counts as a secure context. */
const PAGE_URL = 'http://localhost/tilekit-conformance.html';

/** The suites that run on a tfjs backend. */
type BackendSuite = 'kernels' | 'sparse';

/** Table label of the sparse suite run through the tfjs ops on `backend`. */
const sparseLabel = (backend: ConformanceBackend) => `sparse (tfjs ${backend})`;

/**
 * The page-side program: runs `suite` on `backend` and returns its report as JSON. On webgpu,
 * tfjs's forwarding of small inputs to the CPU is off so tilekit's programs run.
 */
const pageEntry = (backend: BrowserBackend, suite: BackendSuite) => `
import '@tensorflow/tfjs-backend-${backend}';
import * as tf from '@tensorflow/tfjs-core';
import { kernelConformance, sparseConformance } from '@tilekit/conformance';
import {
  SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
  tfjsSparseConformanceImpl,
} from '@tilekit/sparse/tfjs';
import '@tilekit/sparse/tfjs/register-${backend}';
import * as ops from '@tilekit/tfjs-kernels';
import '@tilekit/tfjs-kernels/register-${backend}';
window.tilekitConformance = async () => {
  await tf.setBackend(${JSON.stringify(backend)});
  if (${JSON.stringify(backend)} === 'webgpu') tf.env().set('WEBGPU_CPU_FORWARD', false);
  const report = ${JSON.stringify(suite)} === 'sparse'
    ? await sparseConformance(tfjsSparseConformanceImpl(), {
        label: ${JSON.stringify(sparseLabel(backend))},
        exclusions: SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
      }).run()
    : await kernelConformance({ tf, backend: ${JSON.stringify(backend)}, ops }).run();
  const results = report.results.map((r) => ({ ...r, error: r.error && { message: r.error.message } }));
  return JSON.stringify({ ...report, results });
};
`;

/**
 * Bundles the page program with esbuild (resolving @tilekit/* to sources when this CLI itself
 * runs from source) and runs it in headless Chromium through playwright-core.
 */
async function runInChromium(backend: BrowserBackend, suite: BackendSuite): Promise<ReportView> {
  const executablePath = checkBrowserBackend(backend, process.env);
  const esbuild = await import('esbuild');
  const { chromium } = await import('playwright-core');
  const here = dirname(fileURLToPath(import.meta.url));
  const bundle = await esbuild.build({
    stdin: { contents: pageEntry(backend, suite), resolveDir: here, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
    conditions: import.meta.url.endsWith('.ts') ? ['@tilekit/source'] : [],
  });
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS[backend]],
  });
  try {
    const page = await browser.newPage();
    // A localhost page (served by the route, no server): WebGPU exists only in secure contexts.
    await page.route(PAGE_URL, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><body></body></html>',
      }),
    );
    await page.goto(PAGE_URL);
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text, type: 'module' });
    await page.waitForFunction(() => 'tilekitConformance' in window);
    const json = await page.evaluate(() =>
      (window as unknown as { tilekitConformance: () => Promise<string> }).tilekitConformance(),
    );
    return JSON.parse(json) as ReportView;
  } finally {
    await browser.close();
  }
}

/** Makes `backend` (cpu or wasm) the active tfjs backend of this process, its kernels registered. */
async function useNodeBackend(backend: 'cpu' | 'wasm'): Promise<void> {
  if (backend === 'wasm') {
    checkPackages('wasm');
    await import('@tensorflow/tfjs-backend-wasm');
    await import('@tilekit/tfjs-kernels/register-wasm');
    await import('@tilekit/sparse/tfjs/register-wasm');
  } else {
    await import('@tilekit/sparse/tfjs/register-cpu');
  }
  tf.env().set('IS_TEST', true); // quiets tfjs's "install tfjs-node" banner
  await tf.setBackend(backend);
}

/** Runs `suite` on tfjs's `backend`: in headless Chromium, or in this process for cpu and wasm. */
async function runOnBackend(suite: BackendSuite, backend: ConformanceBackend): Promise<ReportView> {
  if (isBrowserBackend(backend)) return runInChromium(backend, suite);
  await useNodeBackend(backend);
  if (suite === 'kernels') return kernelConformance({ tf, backend, ops: kernels }).run();
  return sparseConformance(tfjsSparseConformanceImpl(), {
    label: sparseLabel(backend),
    exclusions: SPARSE_TFJS_CONFORMANCE_EXCLUSIONS,
  }).run();
}

/** The vectorizer options of the sparse suite's run: what `@tilekit/sparse/tfjs` ops use. */
const SPARSE_VECTORIZE = { vectorLength: 8, enableSIMDIndex32: true } as const;

/**
 * Runs one suite on tilekit's implementations. `backend` is the tfjs backend the user chose, if
 * any: without one the sparse suite runs the library's loops, with one its tfjs ops.
 */
async function runSuite(
  suite: SuiteChoice,
  backend: ConformanceBackend | undefined,
): Promise<ReportView> {
  if (suite === 'layout')
    return layoutConformance(layout, { exclusions: layout.LAYOUT_CONFORMANCE_EXCLUSIONS }).run();
  if (suite === 'vectorizer') {
    const impl = irVectorizerImpl({ parseModule, printModule, vectorize, interpret });
    return vectorizerConformance(impl, { exclusions: VECTORIZER_CONFORMANCE_EXCLUSIONS }).run();
  }
  if (suite === 'sparse' && backend === undefined) {
    const impl = sparseConformanceImpl({ engine: 'wasm', vectorize: SPARSE_VECTORIZE });
    const exclusions = [
      ...SPARSE_CONFORMANCE_EXCLUSIONS,
      ...SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS,
    ];
    return sparseConformance(impl, { label: 'sparse (wasm, vectorized)', exclusions }).run();
  }
  return runOnBackend(suite, backend ?? 'cpu');
}

export const conformanceCommand: Command = {
  name: 'conformance',
  summary:
    'run the conformance suites (layout, kernels on cpu/webgl/webgpu/wasm, vectorizer, sparse) on tilekit',
  help,
  async run(args, io: CliIO) {
    const { values } = parseCommandArgs({
      args: [...args],
      options: {
        backend: { type: 'string' },
        suite: { type: 'string' },
        ...HELP_OPTION,
      },
    });
    if (helpShown(values, help, io)) return 0;
    const backend =
      values.backend === undefined
        ? undefined
        : choiceOption('backend', values.backend, CONFORMANCE_BACKENDS, 'cpu');
    const chosen =
      values.suite === undefined ? SUITES : [choiceOption('suite', values.suite, SUITES, 'layout')];
    const reports: ReportView[] = [];
    for (const suite of chosen) reports.push(await runSuite(suite, backend));
    io.stdout(`${formatReport(reports)}\n`);
    return reports.some((r) => r.failed > 0) ? 1 : 0;
  },
};
