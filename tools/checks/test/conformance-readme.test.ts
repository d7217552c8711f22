/**
 * @tilekit/conformance's README examples are the third-party fixture's own code: they run from a
 * file one folder below the fixture (as from its test/ folder), so its `../src/register-wasm.js`
 * resolves, with tilekit's real kernels installed.
 */
import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../vitest/readme-example-suite.ts';
import { packageDir } from './support/workspace.js';

describeReadmeExamples({
  packageDir: packageDir('@tilekit/conformance'),
  root: fileURLToPath(new URL('../fixtures/third-party-backend', import.meta.url)),
  headings: ['Example: check your own TFJS backend', 'Example: check your own TFJS backend'],
});
