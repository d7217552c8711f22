/**
 * Browser-mode Vitest config for the sparse kernels' WebGPU suites (test/browser-webgpu): headless
 * Debian Chromium with WebGPU on its SwiftShader adapter, as tfjs-kernels' WebGPU suites run.
 */
import { defineConfig } from 'vitest/config';
import { browserTestOptions } from '../../tools/vitest/browser-config.ts';
import {
  BROWSER_CONDITIONS,
  tfjsPrebundledDeps,
  WEBGPU_CHROMIUM_ARGS,
} from '../../tools/vitest/browser-environment.ts';

export default defineConfig({
  resolve: { conditions: BROWSER_CONDITIONS },
  optimizeDeps: {
    include: tfjsPrebundledDeps(['webgpu'], ['@tensorflow/tfjs-core/dist/register_all_gradients']),
  },
  test: browserTestOptions({
    include: ['test/browser-webgpu/**/*.test.ts'],
    jsonReport: '.tmp/vitest-webgpu-report.json',
    chromiumArgs: WEBGPU_CHROMIUM_ARGS,
    testTimeout: 300_000,
  }),
});
