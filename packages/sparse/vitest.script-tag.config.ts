import { nodeTestConfig } from '../../tools/vitest/config.ts';

/**
 * The tests of the build: the script-tag page (test/script-tag/) and an app type-checked against
 * the declarations (test/packed-types/). Run by `pack-check`, after the build.
 */
export default nodeTestConfig({
  include: ['test/script-tag/**/*.test.ts', 'test/packed-types/**/*.test.ts'],
  outputFile: { json: '.tmp/vitest-script-tag-report.json' },
});
