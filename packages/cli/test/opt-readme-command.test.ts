/**
 * The README's `tilekit opt examples/scatter-sparse.mlir ...` commands, run as written on that
 * file (the corpus's scatter kernel): the flags they show give the same ops as mlir-opt-22 with
 * those flags, and one masked load of the coordinates where the vectorizer alone leaves two.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseModule } from '@tilekit/loop-ir';
import { expect, it } from 'vitest';
import { runMlirOpt } from '../../../tools/scripts/mlir-opt.mjs';
import { optCommand } from '../src/commands/opt.js';
import { captureIO } from './capture-io.js';
import { corpus } from './corpus.js';
import { opSequence } from './op-sequence.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const scatter = corpus('sparse_scatter_index');
/** The input file the README's commands name, relative to the repository root. */
const README_INPUT = 'examples/scatter-sparse.mlir';

/** Runs `tilekit opt` on the README's input file, read from the checkout as a reader's shell would. */
async function tilekitOptOnFile(args: readonly string[]): Promise<string> {
  const io = captureIO();
  io.files.set(README_INPUT, readFileSync(join(repoRoot, README_INPUT), 'utf8'));
  expect(await optCommand.run([README_INPUT, ...args], io), io.err()).toBe(0);
  return io.out();
}

it("the README's input file is the corpus's scatter kernel", () => {
  expect(readFileSync(join(repoRoot, README_INPUT), 'utf8')).toBe(scatter);
});

/** The command's flags, shell quotes removed. */
function flagsOf(command: string): string[] {
  return (command.match(/--[\w-]+(?:="[^"]*")?/g) ?? []).map((f) => f.replace(/"/g, ''));
}

async function tilekitOpt(args: readonly string[]): Promise<string> {
  const io = captureIO(scatter);
  expect(await optCommand.run(args, io)).toBe(0);
  return io.out();
}

const maskedLoads = (text: string) => text.match(/vector\.maskedload/g)?.length ?? 0;

it("the README's --cse command matches mlir-opt-22 on the scatter kernel", async () => {
  const command = /npx tilekit opt examples\/scatter-sparse\.mlir ([^\n]*--cse[^\n]*)/.exec(
    readme,
  )?.[1];
  expect(command).toBeDefined();
  const flags = flagsOf(command ?? '');
  expect(flags).toContain('--cse');
  const ours = await tilekitOptOnFile(flags);
  const theirs = runMlirOpt(scatter, flags);
  expect(theirs.status, theirs.stderr).toBe(0);
  expect(opSequence(parseModule(ours))).toEqual(opSequence(parseModule(theirs.stdout)));
  const vectorizedOnly = await tilekitOpt(flags.filter((f) => f !== '--cse'));
  expect([maskedLoads(vectorizedOnly), maskedLoads(ours)]).toEqual([3, 2]);
});

it('runs passes in the order given, as mlir-opt does', async () => {
  // CSE before vectorizing finds nothing to merge: the loads are created afterwards.
  for (const flags of [
    ['--cse', '--sparse-vectorization=vl=8'],
    ['--sparse-vectorization=vl=8', '--cse'],
  ]) {
    const theirs = runMlirOpt(scatter, flags);
    expect(theirs.status, theirs.stderr).toBe(0);
    expect(opSequence(parseModule(await tilekitOpt(flags)))).toEqual(
      opSequence(parseModule(theirs.stdout)),
    );
  }
  const before = await tilekitOpt(['--cse', '--sparse-vectorization=vl=8']);
  expect(maskedLoads(before)).toBe(3);
});

it('lists --cse and --canonicalize in its help', async () => {
  const io = captureIO();
  expect(await optCommand.run(['--help'], io)).toBe(0);
  expect(io.out()).toMatch(/--cse\s+common subexpression elimination/);
  expect(io.out()).toMatch(/--canonicalize\s+folds/);
});

it("the README's --pass-pipeline command matches mlir-opt-22's --pass-pipeline and the flags", async () => {
  const pipeline = /npx tilekit opt examples\/scatter-sparse\.mlir --pass-pipeline='([^']*)'/.exec(
    readme,
  )?.[1];
  expect(pipeline).toBe('builtin.module(sparse-vectorization{vl=8},cse)');
  const ours = await tilekitOptOnFile([`--pass-pipeline=${pipeline}`]);
  const theirs = runMlirOpt(scatter, [`--pass-pipeline=${pipeline}`]);
  expect(theirs.status, theirs.stderr).toBe(0);
  expect(opSequence(parseModule(ours))).toEqual(opSequence(parseModule(theirs.stdout)));
  expect(ours).toBe(await tilekitOpt(['--sparse-vectorization=vl=8', '--cse']));
});
