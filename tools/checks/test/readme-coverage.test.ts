/**
 * Every fenced code block of every README in the repository is run or checked by a test: it is a
 * marked example (`<!-- readme-example -->`), the output of one (`<!-- readme-example-output -->`),
 * or it names the test file that runs it (`<!-- readme-tested-by: <path> -->`) or compares it, an
 * excerpt, with real output (`<!-- readme-output-excerpt: <path> -->`); that file must exist, be a
 * test and read a README, and an excerpt's test must compare it with `matchesExcerpt`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_MARKER,
  EXCERPT_MARKER,
  type FencedBlock,
  fencedBlocks,
  matchesExcerpt,
  OUTPUT_MARKER,
  readmeExamples,
  testedBy,
} from '../../vitest/readme-examples.ts';
import { repoRoot } from './support/workspace.js';

/** Every README.md at the root and one level inside the workspace folders. */
function readmes(): string[] {
  const found = ['README.md'];
  for (const group of ['packages', 'apps', 'tools']) {
    for (const entry of readdirSync(join(repoRoot, group), { withFileTypes: true })) {
      const path = join(group, entry.name, 'README.md');
      if (entry.isDirectory() && existsSync(join(repoRoot, path))) found.push(path);
    }
  }
  return found;
}

/** Why one block is not covered, or undefined when a test runs or checks it. */
function uncovered(readme: string, block: FencedBlock): string | undefined {
  if (block.lineAbove === EXAMPLE_MARKER || block.lineAbove === OUTPUT_MARKER) return undefined;
  const test = testedBy(block);
  const where = `${readme} § ${block.heading}: ${block.body.split('\n')[0] ?? ''}`;
  if (test === undefined) return where;
  const path = join(repoRoot, test);
  if (!test.endsWith('.test.ts') || !existsSync(path)) {
    return `${where} names '${test}', which is not a test file`;
  }
  if (!readFileSync(path, 'utf8').includes('README')) return `${where}: '${test}' reads no README`;
  if (
    EXCERPT_MARKER.test(block.lineAbove) &&
    !readFileSync(path, 'utf8').includes('matchesExcerpt')
  ) {
    return `${where}: '${test}' does not compare excerpts (matchesExcerpt)`;
  }
  return undefined;
}

describe('README code blocks', () => {
  const all = readmes();

  it('finds the root, package, app and tool READMEs', () => {
    expect(all).toContain('README.md');
    expect(all).toContain('packages/tfjs-kernels/README.md');
    expect(all).toContain('apps/playground/README.md');
  });

  it('are each run or checked by a test', () => {
    const problems: string[] = [];
    for (const readme of all) {
      const markdown = readFileSync(join(repoRoot, readme), 'utf8');
      // Throws for a misplaced example marker, which would silently stop a check.
      readmeExamples(markdown);
      for (const block of fencedBlocks(markdown)) {
        const problem = uncovered(readme, block);
        if (problem !== undefined) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });

  it('have no tested-by marker away from an opening fence', () => {
    for (const readme of all) {
      const markdown = readFileSync(join(repoRoot, readme), 'utf8');
      const markers = markdown
        .split('\n')
        .filter((l) => /^<!-- readme-(tested-by|output-excerpt):/.test(l.trim()));
      const marked = fencedBlocks(markdown).filter((b) => testedBy(b) !== undefined);
      expect(marked.length, readme).toBe(markers.length);
    }
  });
});

describe('matchesExcerpt', () => {
  const output =
    'module {\n  %0 = a.op %x : f32\n  scf.for %i {\n    %1 = b.op\n  } {attr}\n  return\n}';

  it('matches whole lines in order, with ... eliding text across lines', () => {
    expect(matchesExcerpt('%0 = a.op %x : f32', output)).toBe(true);
    expect(matchesExcerpt('%0 = a.op ...\nscf.for ... { ... b.op ... }\nreturn', output)).toBe(
      true,
    );
  });

  it('rejects partial lines, other order, gaps not marked by ..., and empty excerpts', () => {
    expect(matchesExcerpt('a.op %x : f32', output)).toBe(false);
    expect(matchesExcerpt('return\n%0 = a.op %x : f32', output)).toBe(false);
    expect(matchesExcerpt('%0 = a.op %x : f32\nreturn', output)).toBe(false);
    expect(matchesExcerpt('%0 = a.op %y ...', output)).toBe(false);
    expect(matchesExcerpt('', output)).toBe(false);
  });
});
