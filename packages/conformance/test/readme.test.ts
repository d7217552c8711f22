import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/vitest/readme-example-suite.ts';

describeReadmeExamples({
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  // The examples are the third-party fixture's own code: its `../src/register-wasm.js` resolves
  // from a file one folder below the fixture, as from its test/ folder.
  root: fileURLToPath(new URL('../fixtures/third-party-backend', import.meta.url)),
  headings: ['Example: check your own TFJS backend', 'Example: check your own TFJS backend'],
});
