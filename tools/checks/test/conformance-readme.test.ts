/**
 * @tilekit/conformance's README examples, run as written: the backend examples from the
 * third-party fixture's folder, whose package.json declares the tfjs and tilekit packages they
 * import; the other suites' example from here, where every tilekit package is installed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatReport, kernelConformance } from '@tilekit/conformance';
import { expect, it } from 'vitest';
import { describeReadmeExamples } from '../../vitest/readme-example-suite.ts';
import {
  EXCERPT_MARKER,
  fencedBlocks,
  matchesExcerpt,
  resultExpectations,
  runReadmeExample,
} from '../../vitest/readme-examples.ts';
import { firstWriterWins } from './mutants/kernel-mutants.js';
import { realKernelOps, tf } from './support/tilekit.js';
import { packageDir } from './support/workspace.js';

describeReadmeExamples({
  packageDir: packageDir('@tilekit/conformance'),
  root: fileURLToPath(new URL('../fixtures/third-party-backend', import.meta.url)),
  headings: [
    'Example: check your own TFJS backend',
    'Example: check your own TFJS backend',
    'Exclusions and tolerances',
  ],
});

/** The examples that import tilekit's implementations, which only this folder declares. */
const IMPLEMENTATION_EXAMPLES = [
  {
    name: "the 'other suites' example passes with tilekit's exclusions",
    call: 'vectorizerConformance(',
  },
  {
    name: "the sparse kernel library example passes with tilekit's exclusions",
    call: 'sparseConformanceImpl({',
  },
  {
    name: "the tfjs sparse kernels example passes with the tfjs ops' exclusions",
    call: 'tfjsSparseConformanceImpl(',
  },
];

for (const { name, call } of IMPLEMENTATION_EXAMPLES) {
  it(name, () => {
    const dir = packageDir('@tilekit/conformance');
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const [block, ...others] = fencedBlocks(readme).filter(
      (b) =>
        ['js', 'ts'].includes(b.language) && b.body.includes(call) && b.body.includes('import '),
    );
    expect(block).toBeDefined();
    expect(others).toEqual([]);
    const example = {
      readmeLine: block!.line,
      heading: block!.heading,
      code: block!.body,
      expectations: resultExpectations(block!.body, block!.line),
      outputs: [],
    };
    expect(example.expectations).toHaveLength(1);
    const run = runReadmeExample(example, {
      packageDir: fileURLToPath(new URL('..', import.meta.url)),
      timeoutMs: 240_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.mismatches).toEqual([]);
  }, 300_000);
}

it("the README's failure excerpt is what formatReport prints for a first-writer-wins tscatter", async () => {
  const readme = readFileSync(join(packageDir('@tilekit/conformance'), 'README.md'), 'utf8');
  const [excerpt] = fencedBlocks(readme).filter((b) => EXCERPT_MARKER.test(b.lineAbove));
  expect(excerpt?.body).toContain('breaks rule tscatter.last-writer-wins:');
  const broken = await kernelConformance({
    tf,
    backend: 'cpu',
    ops: firstWriterWins(realKernelOps),
  }).run();
  expect(matchesExcerpt(excerpt!.body, formatReport([broken]))).toBe(true);
  const real = await kernelConformance({ tf, backend: 'cpu', ops: realKernelOps }).run();
  expect(matchesExcerpt(excerpt!.body, formatReport([real]))).toBe(false);
}, 120_000);
