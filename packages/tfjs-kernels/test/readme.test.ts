import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/vitest/readme-example-suite.js';

// The WebGL section's snippet needs a browser, so it stays unmarked (covered by test/browser).
describeReadmeExamples({
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  headings: ['Example'],
});
