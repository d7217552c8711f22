import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/vitest/readme-example-suite.js';

// The WebGL and WebGPU sections' snippets need a browser, so they stay unmarked.
describeReadmeExamples({
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  headings: ['Example', 'Ops', 'wasm backend'],
});
