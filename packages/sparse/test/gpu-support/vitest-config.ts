/**
 * The browser-mode Vitest config of the sparse kernels' suites on one GPU backend: headless
 * Debian Chromium with SwiftShader (software WebGL2, or WebGPU on its SwiftShader adapter), as
 * tfjs-kernels' browser suites run. The WebGL and WebGPU flags do not mix, so each backend's
 * suites run in their own browser with their own report.
 */
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { browserTestOptions } from '../../../../tools/vitest/browser-config.ts';
import {
  BROWSER_CONDITIONS,
  type TfjsGpuBackend,
  tfjsPrebundledDeps,
  WEBGL_CHROMIUM_ARGS,
  WEBGPU_CHROMIUM_ARGS,
} from '../../../../tools/vitest/browser-environment.ts';

/** Where each backend's suites live and report. */
const SUITES: Readonly<Record<TfjsGpuBackend, { include: string; report: string }>> = {
  webgl: { include: 'test/browser/**/*.test.ts', report: '.tmp/vitest-browser-report.json' },
  webgpu: {
    include: 'test/browser-webgpu/**/*.test.ts',
    report: '.tmp/vitest-webgpu-report.json',
  },
};

/** The config running `backend`'s suites. */
export function gpuSuiteConfig(backend: TfjsGpuBackend): ViteUserConfig {
  return defineConfig({
    resolve: { conditions: BROWSER_CONDITIONS },
    optimizeDeps: {
      include: tfjsPrebundledDeps([backend], ['@tensorflow/tfjs-core/dist/register_all_gradients']),
    },
    test: browserTestOptions({
      include: [SUITES[backend].include],
      jsonReport: SUITES[backend].report,
      chromiumArgs: backend === 'webgl' ? WEBGL_CHROMIUM_ARGS : WEBGPU_CHROMIUM_ARGS,
      testTimeout: 300_000,
    }),
  });
}
