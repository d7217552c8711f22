import { nodeTestConfig } from '../../tools/vitest/config.ts';

/** The script-tag page test (test/script-tag/): run by `pack-check`, after the build. */
export default nodeTestConfig({
  include: ['test/script-tag/**/*.test.ts'],
  outputFile: { json: '.tmp/vitest-script-tag-report.json' },
});
