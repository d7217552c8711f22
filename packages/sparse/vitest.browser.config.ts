/**
 * Browser-mode Vitest config for the sparse kernels' WebGL suites (test/browser): headless Debian
 * Chromium with SwiftShader's software WebGL2, as tfjs-kernels' WebGL suites run.
 */
import { defineConfig } from 'vitest/config';
import { browserTestOptions } from '../../tools/vitest/browser-config.ts';
import {
  BROWSER_CONDITIONS,
  tfjsPrebundledDeps,
  WEBGL_CHROMIUM_ARGS,
} from '../../tools/vitest/browser-environment.ts';

export default defineConfig({
  resolve: { conditions: BROWSER_CONDITIONS },
  optimizeDeps: {
    include: tfjsPrebundledDeps(['webgl'], ['@tensorflow/tfjs-core/dist/register_all_gradients']),
  },
  test: browserTestOptions({
    include: ['test/browser/**/*.test.ts'],
    jsonReport: '.tmp/vitest-browser-report.json',
    chromiumArgs: WEBGL_CHROMIUM_ARGS,
    testTimeout: 300_000,
  }),
});
