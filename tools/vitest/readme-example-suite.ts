import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RunOptions, readmeExamples, runReadmeExample } from './readme-examples.ts';

/** What a package's README test declares about its examples. */
export interface ReadmeSuiteOptions extends RunOptions {
  /**
   * The headings of the sections holding the marked examples, in order: the README must mark
   * exactly these, so an example cannot silently lose its marker and stop being run.
   */
  readonly headings: readonly string[];
}

/**
 * Registers Vitest tests that run every marked example of `<packageDir>/README.md` (see
 * readme-examples.ts for the markers and the `// ->` rule): each must exit 0, print nothing
 * unexpected on stderr, and print what its `// ->` comments and output blocks say.
 */
export function describeReadmeExamples(options: ReadmeSuiteOptions): void {
  const readme = readFileSync(join(options.packageDir, 'README.md'), 'utf8');
  const examples = readmeExamples(readme);

  describe('README examples', () => {
    it('marks the expected examples as runnable', () => {
      expect(examples.map((example) => example.heading)).toEqual(options.headings);
    });

    for (const example of examples) {
      it(`'${example.heading}' (README line ${example.readmeLine}) runs as documented`, () => {
        const run = runReadmeExample(example, options);
        expect(run.signal, run.stderr).toBeNull();
        expect(run.status, run.stderr).toBe(0);
        expect(run.unexpectedStderr).toBe('');
        expect(run.mismatches).toEqual([]);
      });
    }
  });
}
