/**
 * Browser-mode Vitest config: the WebGL suites under test/webgl run in a real headless
 * Chromium (Debian's system package, provisioned by tools/scripts/ensure-chromium.mjs) with
 * SwiftShader's software WebGL2. Playwright never downloads a browser here.
 */
import { defineConfig } from 'vitest/config';
import { browserTestOptions } from '../../tools/vitest/browser-config.ts';
import {
  BROWSER_CONDITIONS,
  tfjsPrebundledDeps,
  WEBGL_CHROMIUM_ARGS,
} from '../../tools/vitest/browser-environment.ts';
import { readmeExamplePlugin } from '../../tools/vitest/readme-example-plugin.ts';

export default defineConfig({
  // The README's WebGL backend example, run as written by test/webgl/readme.webgl.test.ts.
  plugins: [readmeExamplePlugin('README.md', { 'WebGL backend': ['buffer'] })],
  // Same source-first resolution as the Node suites, so `@tilekit/*` never reads a stale dist.
  resolve: { conditions: BROWSER_CONDITIONS },
  optimizeDeps: { include: tfjsPrebundledDeps(['webgl'], ['fast-check']) },
  test: browserTestOptions({
    include: ['test/webgl/**/*.test.ts'],
    jsonReport: '.tmp/vitest-browser-report.json',
    chromiumArgs: WEBGL_CHROMIUM_ARGS,
  }),
});
