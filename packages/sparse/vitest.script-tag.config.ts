import { nodeTestConfig } from '../../tools/vitest/config.ts';

/**
 * The tests of the build: the script-tag page (test/script-tag/), an app type-checked against
 * the declarations (test/packed-types/), and an app bundled with the thread pool
 * (test/threads-bundle/). Run by `pack-check`, after the build.
 */
export default nodeTestConfig({
  include: [
    'test/script-tag/**/*.test.ts',
    'test/packed-types/**/*.test.ts',
    'test/threads-bundle/**/*.test.ts',
  ],
  outputFile: { json: '.tmp/vitest-script-tag-report.json' },
});
