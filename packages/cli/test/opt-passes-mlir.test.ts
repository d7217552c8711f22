/**
 * Differential test of `tilekit opt --cse` / `--canonicalize` against mlir-opt-22: every corpus
 * kernel, vectorized with every option set of the conformance data and then run through the
 * same pass pipeline by both tools, gives the same ops in the same order (see op-sequence.ts
 * for what is normalised). Kernels where tilekit's vectorizer deviates from MLIR on purpose
 * are excluded with their reason.
 */
import { MLIR_VECTORIZATION } from '@tilekit/conformance/testing';
import { type Module, parseModule } from '@tilekit/loop-ir';
import { VECTORIZER_CONFORMANCE_EXCLUSIONS } from '@tilekit/sparse-vectorizer';
import { runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { optCommand } from '../src/commands/opt.js';
import { captureIO } from './capture-io.js';
import { CORPUS_KERNELS } from './corpus.js';
import { opSequence } from './op-sequence.js';

const kernels = CORPUS_KERNELS;

/** Loops vectorized differently from MLIR on purpose: the reason, by kernel name. */
const DEVIATING = new Map(
  VECTORIZER_CONFORMANCE_EXCLUSIONS.map((e) => [e.case.split('/')[2] as string, e.reason]),
);

const PIPELINES: readonly (readonly string[])[] = [
  ['--cse'],
  ['--canonicalize'],
  ['--canonicalize', '--cse'],
];

/** MLIR's affine canonicalization rewrites maps and operands (not covered: see the README). */
const canonicalizes = (pipeline: readonly string[]) => pipeline.includes('--canonicalize');

async function tilekitOpt(text: string, args: readonly string[]): Promise<Module> {
  const io = captureIO(text);
  // The command itself, not main(): main loads every command's dependencies.
  const status = await optCommand.run(args, io);
  if (status !== 0) throw new Error(`tilekit opt ${args.join(' ')} failed: ${io.err()}`);
  return parseModule(io.out());
}

describe.each(MLIR_VECTORIZATION.configs)('--sparse-vectorization="$pass"', (config) => {
  describe.each(PIPELINES)('then %s', (...pipeline) => {
    const compared = kernels.filter((k) => !DEVIATING.has(k.name));
    const args = [`--sparse-vectorization=${config.pass}`, ...pipeline];
    const theirs = runChunks(
      compared.map((k) => k.text),
      args,
    );
    const namesOnly = canonicalizes(pipeline)
      ? (op: { name: string }) => op.name.startsWith('affine.')
      : undefined;

    it.each(compared.map((k, n) => [k.name, n] as const))(
      '%s: same ops as mlir-opt-22',
      async (name, n) => {
        const reference = theirs[n];
        if (reference?.ok !== true)
          throw new Error(`mlir-opt-22 failed on ${name}: ${reference?.error}`);
        const ours = await tilekitOpt(compared[n]?.text ?? '', args);
        expect(opSequence(ours, { namesOnly })).toEqual(
          opSequence(parseModule(reference.text), { namesOnly }),
        );
      },
    );
  });
});

describe('excluded kernels', () => {
  it('are the vectorizer deviations, each with a reason, and all in the corpus', () => {
    for (const [name, reason] of DEVIATING) {
      expect(kernels.map((k) => k.name)).toContain(name);
      expect(reason).toMatch(/^fix \d: /);
    }
  });
});
