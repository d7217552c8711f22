import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Export condition that maps every `@tilekit/*` import to the sibling package's TypeScript
 * sources, so tests inside the monorepo never run against a stale `dist`.
 */
export const SOURCE_CONDITION = '@tilekit/source';

/** The Node-side Vitest config every package extends (browser suites add their own). */
export function nodeTestConfig(overrides: ViteUserConfig['test'] = {}): ViteUserConfig {
  return defineConfig({
    resolve: { conditions: [SOURCE_CONDITION, 'module', 'node', 'import', 'default'] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION, 'node', 'import', 'default'] } },
    test: {
      include: ['test/**/*.test.ts'],
      environment: 'node',
      // 2-core CI machines: keep parallelism explicit rather than oversubscribing.
      maxWorkers: 2,
      testTimeout: 60_000,
      // The JSON report feeds the `Tests: N passed, M failed` summary of `npm test`.
      reporters: ['default', 'json'],
      outputFile: { json: '.tmp/vitest-report.json' },
      ...overrides,
    },
  });
}
