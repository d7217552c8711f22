import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeReadmeExamples } from '../../../tools/vitest/readme-example-suite.ts';
import {
  ReadmeExampleError,
  readmeExamples,
  resultExpectations,
  runReadmeExample,
} from '../../../tools/vitest/readme-examples.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describeReadmeExamples({ packageDir, headings: ['Example', 'Limits and large sizes'] });

// The checker itself, once (layout is the cheapest package to start): a wrong README must fail.
describe('README example checker', () => {
  it('reads both // -> forms and refuses one that follows no console.log', () => {
    const code = ['const x = 2;', 'console.log(x); // -> 2', 'console.log(x + 1);', '// -> 3'];
    expect(resultExpectations(code.join('\n'))).toEqual([
      { line: 2, expected: '2' },
      { line: 3, expected: '3' },
    ]);
    expect(() => resultExpectations('const x = 2; // -> 2')).toThrow(ReadmeExampleError);
    expect(() => resultExpectations('const x = 2;\n// -> 2')).toThrow(ReadmeExampleError);
  });

  it('refuses a marker that is not directly above a fence', () => {
    const readme = ['<!-- readme-example -->', '', '```ts', 'console.log(1);', '```'];
    expect(() => readmeExamples(readme.join('\n'))).toThrow(ReadmeExampleError);
    expect(readmeExamples(readme.filter((line) => line !== '').join('\n'))).toHaveLength(1);
  });

  it('reports a wrong value, a skipped call, a missing output block and a failing exit', () => {
    const readme = [
      '<!-- readme-example -->',
      '```ts',
      "import { linearIndex } from '@tilekit/layout';",
      "console.log(linearIndex('f32[3,5]{1,0:T(2,2)}', [2, 3])); // -> 16",
      'if (process.exitCode === 9) console.log([1, 2]); // -> [ 1, 2 ]',
      'console.log([1, 2]); // -> [1, 2]',
      'process.exitCode = 3;',
      '```',
      '<!-- readme-example-output -->',
      '```',
      'never printed',
      '```',
    ].join('\n');
    const [example] = readmeExamples(readme);
    const run = runReadmeExample(example!, { packageDir });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('17\n[ 1, 2 ]\n');
    expect(run.mismatches).toEqual([
      "README line 4: printed '17', README says '16'",
      'README line 5: console.log ran 0 times, expected once',
      "README line 6: printed '[ 1, 2 ]', README says '[1, 2]'",
      'README line 10: output block not printed by the example',
    ]);
  });
});
