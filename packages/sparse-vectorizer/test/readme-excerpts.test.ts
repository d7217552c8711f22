/**
 * The README's excerpts of vectorized MLIR (marked `readme-output-excerpt`) against the real
 * output for `fix1_chain_add_mul` at vl = 4: the first is what mlir-opt-22 emits, the second what
 * `vectorize` emits, and neither matches the other's output, so each excerpt shows the difference.
 */
import { readFileSync } from 'node:fs';
import { printModule } from '@tilekit/loop-ir';
import { loadKernel, runChunks } from '@tilekit/test-support';
import { expect, it } from 'vitest';
import {
  EXCERPT_MARKER,
  fencedBlocks,
  matchesExcerpt,
} from '../../../tools/vitest/readme-examples.ts';
import { vectorize } from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

it("the README's fix-1 excerpts are lines of mlir-opt-22's output and of ours", () => {
  const excerpts = fencedBlocks(readme).filter((block) => EXCERPT_MARKER.test(block.lineAbove));
  expect(excerpts.map((block) => block.heading)).toEqual([
    'Where we differ from MLIR',
    'Where we differ from MLIR',
  ]);
  const [theirsExcerpt, oursExcerpt] = excerpts.map((block) => block.body);
  const kernel = loadKernel('fix1_chain_add_mul');
  const [chunk] = runChunks([kernel.text], ['--sparse-vectorization=vl=4']);
  if (chunk?.ok !== true) throw new Error(`mlir-opt-22 failed: ${chunk?.error}`);
  const theirs = chunk.text;
  const ours = printModule(vectorize(kernel.module, { vectorLength: 4 }).module);
  expect(matchesExcerpt(theirsExcerpt!, theirs)).toBe(true);
  expect(matchesExcerpt(oursExcerpt!, ours)).toBe(true);
  expect(matchesExcerpt(theirsExcerpt!, ours)).toBe(false);
  expect(matchesExcerpt(oursExcerpt!, theirs)).toBe(false);
});
