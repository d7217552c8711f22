/**
 * Browser-mode Vitest config: the WebGL suites under test/browser run in a real headless
 * Chromium (Debian's system package, provisioned by tools/scripts/ensure-chromium.mjs) with
 * SwiftShader's software WebGL2. Playwright never downloads a browser here.
 */
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from '../../tools/vitest/config.ts';

/** Chromium binary: CHROMIUM_PATH, else where Debian's `chromium` package installs it. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  // Same source-first resolution as the Node suites, so `@tilekit/*` never reads a stale dist.
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'import', 'default'] },
  // tfjs ships extensionless ESM; pre-bundling also guarantees one shared tfjs-core instance
  // (one kernel registry) for the cpu and webgl backends.
  optimizeDeps: {
    include: [
      '@tensorflow/tfjs-core',
      '@tensorflow/tfjs-backend-cpu',
      '@tensorflow/tfjs-backend-webgl',
      'fast-check',
    ],
  },
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One page at a time: SwiftShader already uses every core for rasterisation.
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: '.tmp/vitest-browser-report.json' },
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: chromiumPath,
          // Software WebGL2 through ANGLE/SwiftShader: works without a GPU or display.
          args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
