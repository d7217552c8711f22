/**
 * Browser tests of the playground: every panel in Debian's headless Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium; Playwright never downloads a browser), software WebGL2 through SwiftShader,
 * with screenshot baselines under test/browser/__screenshots__.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import { browserTestOptions } from '../../tools/vitest/browser-config.ts';
import {
  WEBGL_CHROMIUM_ARGS,
  WEBGPU_CHROMIUM_ARGS,
} from '../../tools/vitest/browser-environment.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: browserTestOptions({
      include: ['test/browser/**/*.test.ts'],
      jsonReport: '.tmp/vitest-browser-report.json',
      chromiumArgs: [...WEBGL_CHROMIUM_ARGS, ...WEBGPU_CHROMIUM_ARGS],
      browser: {
        // The desktop viewport every screenshot is taken at; the phone test resizes.
        viewport: { width: 1280, height: 900 },
        // Baselines are committed next to the tests (the repository ignores __screenshots__/).
        // One tolerance for every panel's screenshot: pixelmatch's colour threshold 0.2 and at
        // most 1% of the pixels differing.
        expect: {
          toMatchScreenshot: {
            comparatorName: 'pixelmatch',
            comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.01 },
            resolveScreenshotPath: ({ root, testFileDirectory, arg, browserName, ext }) =>
              `${root}/${testFileDirectory}/baselines/${arg}-${browserName}${ext}`,
          },
        },
      },
    }),
  }),
);
