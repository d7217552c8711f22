/**
 * Browser-mode Vitest config for the WebGPU suites (test/webgpu): the same headless
 * Debian Chromium as vitest.browser.config.ts, with WebGPU enabled on SwiftShader. The WebGPU
 * and WebGL2 flags do not mix, so the two kinds of suite run in separate browsers with their
 * own flags and reports.
 */
import { defineConfig } from 'vitest/config';
import { browserTestOptions } from '../../tools/vitest/browser-config.ts';
import {
  BROWSER_CONDITIONS,
  tfjsPrebundledDeps,
  WEBGPU_CHROMIUM_ARGS,
} from '../../tools/vitest/browser-environment.ts';
import { readmeExamplePlugin } from '../../tools/vitest/readme-example-plugin.ts';

export default defineConfig({
  // The README's WebGPU backend example, run as written by test/webgpu/readme.webgpu.test.ts.
  plugins: [readmeExamplePlugin('README.md', { 'WebGPU backend': ['buffer'] })],
  resolve: { conditions: BROWSER_CONDITIONS },
  optimizeDeps: {
    include: tfjsPrebundledDeps(
      ['webgpu'],
      ['@tensorflow/tfjs-core/dist/register_all_gradients', 'fast-check'],
    ),
  },
  test: browserTestOptions({
    include: ['test/webgpu/**/*.test.ts'],
    jsonReport: '.tmp/vitest-webgpu-report.json',
    chromiumArgs: WEBGPU_CHROMIUM_ARGS,
    testTimeout: 300_000,
  }),
});
