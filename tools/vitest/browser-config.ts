import { playwright } from '@vitest/browser-playwright';
import type { BrowserConfigOptions, InlineConfig } from 'vitest/node';
import { DEFAULT_CHROMIUM_PATH } from './browser-environment.ts';

/** What differs between the repository's browser-mode Vitest suites. */
export interface BrowserSuiteOptions {
  /** Test file globs, relative to the package. */
  readonly include: string[];
  /** Where the JSON report goes (it feeds the `Tests: N passed` summary). */
  readonly jsonReport: string;
  /** Chromium launch flags (see browser-environment.ts). */
  readonly chromiumArgs: readonly string[];
  /** Per-test timeout in milliseconds. */
  readonly testTimeout?: number;
  /** Further browser settings (viewport, screenshot options). */
  readonly browser?: Omit<BrowserConfigOptions, 'enabled' | 'provider' | 'instances'>;
}

/**
 * The `test` block of a browser-mode Vitest config: one headless Debian Chromium (Playwright
 * never downloads a browser), one page at a time because SwiftShader already uses every core.
 */
export function browserTestOptions(options: BrowserSuiteOptions): InlineConfig {
  return {
    include: options.include,
    testTimeout: options.testTimeout ?? 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: options.jsonReport },
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      ...options.browser,
      provider: playwright({
        launchOptions: {
          executablePath: DEFAULT_CHROMIUM_PATH,
          args: [...options.chromiumArgs],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  };
}
