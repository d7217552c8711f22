import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/vitest/readme-example-suite.ts';

describeReadmeExamples({
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  // The examples run from the third-party fixture's folder, whose package.json declares the
  // tfjs and tilekit packages they import (this package depends on neither).
  root: fileURLToPath(new URL('../fixtures/third-party-backend', import.meta.url)),
  headings: ['Example: check your own TFJS backend', 'Example: check your own TFJS backend'],
});
