import { nodeTestConfig } from '../../tools/vitest/config.ts';

/**
 * The release test (test/release/): run by this package's `pack-check`, which Nx runs after every
 * package's build, so the clone it releases from restores those builds from the Nx cache.
 */
export default nodeTestConfig({
  include: ['test/release/**/*.test.ts'],
  outputFile: { json: '.tmp/vitest-release-report.json' },
  testTimeout: 900_000,
  hookTimeout: 300_000,
});
