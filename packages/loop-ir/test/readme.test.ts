import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/vitest/readme-example-suite.ts';

describeReadmeExamples({
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  headings: [
    'Example: parse → verify → print → interpret',
    'Building IR in code',
    'Passes (`src/passes`)',
    'Pass pipelines (`src/passes/pass.ts`, `src/passes/pipeline.ts`)',
  ],
});
