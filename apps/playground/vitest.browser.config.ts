/**
 * Browser tests of the playground: every panel in Debian's headless Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium; Playwright never downloads a browser), software WebGL2 through SwiftShader,
 * with screenshot baselines under test/browser/__screenshots__.
 */
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['test/browser/**/*.test.ts'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
      fileParallelism: false,
      reporters: ['default', 'json'],
      outputFile: { json: '.tmp/vitest-browser-report.json' },
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        // The desktop viewport every screenshot is taken at; the phone test resizes.
        viewport: { width: 1280, height: 900 },
        // Baselines are committed next to the tests (the repository ignores __screenshots__/).
        expect: {
          toMatchScreenshot: {
            resolveScreenshotPath: ({ root, testFileDirectory, arg, browserName, ext }) =>
              `${root}/${testFileDirectory}/baselines/${arg}-${browserName}${ext}`,
          },
        },
        provider: playwright({
          launchOptions: {
            executablePath: chromiumPath,
            args: [
              '--use-angle=swiftshader',
              '--enable-unsafe-swiftshader',
              '--enable-unsafe-webgpu',
            ],
          },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  }),
);
