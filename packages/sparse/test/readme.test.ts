import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '../../../tools/vitest/readme-example-suite.ts';

describeReadmeExamples({
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  headings: [
    'Example: sparse kernels and engines',
    "Example: TACO's reductions",
    'Min and max reductions',
    'Windows on operands',
    'Windows on the output',
    'Affine subscripts (convolutions)',
    'Sparse outputs',
    'How kernels are cached',
    'Threads (`@tilekit/sparse/threads`)',
    '`SparseTensor`',
    '`SparseTensor`',
    'Level types',
    'Block and structured formats (BSR, n:m)',
    'tfjs (`@tilekit/sparse/tfjs`)',
    'tfjs (`@tilekit/sparse/tfjs`)',
    'tfjs (`@tilekit/sparse/tfjs`)',
    'tfjs (`@tilekit/sparse/tfjs`)',
    'Conformance',
  ],
});
