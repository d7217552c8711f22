/**
 * Browser-mode Vitest config for the WebGPU suites (test/browser-webgpu): the same headless
 * Debian Chromium as vitest.browser.config.ts, with WebGPU enabled on SwiftShader. WebGPU needs
 * only `--enable-unsafe-webgpu` there; `--use-angle=vulkan` would break the WebGL2 suites, so the
 * two kinds of suite run in separate browsers with their own flags and reports.
 */
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from '../../tools/vitest/config.ts';

/** Chromium binary: CHROMIUM_PATH, else where Debian's `chromium` package installs it. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'import', 'default'] },
  // One shared tfjs-core instance (one kernel registry) for the cpu and webgpu backends.
  optimizeDeps: {
    include: [
      '@tensorflow/tfjs-core',
      '@tensorflow/tfjs-backend-cpu',
      '@tensorflow/tfjs-core/dist/register_all_gradients',
      '@tensorflow/tfjs-backend-webgpu',
      'fast-check',
    ],
  },
  test: {
    include: ['test/browser-webgpu/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: '.tmp/vitest-webgpu-report.json' },
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: { executablePath: chromiumPath, args: ['--enable-unsafe-webgpu'] },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
