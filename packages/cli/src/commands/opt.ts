import {
  canonicalizePass,
  csePass,
  IRVerifyError,
  MlirParseError,
  type Module,
  type PassRegistry,
  type PipelineStep,
  parseModule,
  parsePassPipeline,
  passRegistry,
  pipelineStep,
  printModule,
  runPassPipeline,
  verifyModule,
} from '@tilekit/loop-ir';
import { sparseVectorizationPass } from '@tilekit/sparse-vectorizer';
import { HELP_OPTION, helpShown, parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { CliError } from '../io.js';
import { isLibraryError } from '../library-errors.js';

const help = `Usage: tilekit opt [file.mlir] [--sparse-vectorization="vl=8 enable-vla-vectorization=true enable-simd-index32=true"] [--cse] [--canonicalize] [--pass-pipeline='builtin.module(...)'] [--report]

Reads MLIR text (a file, or standard input when no file is given), verifies it, runs the passes
given, in the order given (like mlir-opt's pass pipeline), verifies each pass's output, and prints
the module like mlir-opt does. IR that fails the verifier is never printed: the verifier's message
is, and the exit code is 1. A bad pass option or pipeline exits 2.

Options:
  --pass-pipeline=<pipeline>     the passes as mlir-opt spells a pipeline, instead of pass flags:
                                   builtin.module(cse,sparse-vectorization{vl=8},canonicalize)
  --sparse-vectorization=<opts>  run the rewriter; <opts> are MLIR's pass options, space separated:
                                   vl=<n>                           vector length (required, 1..65536)
                                   enable-vla-vectorization[=bool]  scalable vectors, vscale * vl steps
                                   enable-simd-index32[=bool]       32-bit gather/scatter indices
  --cse                          common subexpression elimination, like mlir-opt --cse
  --canonicalize                 folds, dead code removal and constant hoisting, like mlir-opt
                                 --canonicalize (affine map simplification is not covered)
  --report                       print why each loop was or was not vectorized (to stderr)
  -h, --help                     show this help`;

/** The passes `tilekit opt` knows, as `--<name>` flags and in `--pass-pipeline`. */
export const OPT_PASSES: PassRegistry = passRegistry([
  sparseVectorizationPass,
  csePass,
  canonicalizePass,
]);

/**
 * `module` itself when it passes the verifier, else a CLI error carrying the verifier's
 * message; `where` names the IR (the input file).
 */
export function verified(module: Module, where: string): Module {
  try {
    return verifyModule(module);
  } catch (error) {
    if (error instanceof IRVerifyError) throw new CliError(`${where}: ${error.message}`);
    throw error;
  }
}

/**
 * The pipeline the arguments ask for: `--pass-pipeline='builtin.module(...)'`, or the pass flags
 * in command-line order. Every bad option or pipeline is a usage error (exit 2), whichever pass
 * rejected it.
 */
export function pipelineFromArgs(
  tokens: readonly { kind: string; name?: string; value?: string | undefined }[],
): PipelineStep[] {
  const options = tokens.filter((t) => t.kind === 'option');
  const pipeline = options.filter((t) => t.name === 'pass-pipeline');
  const flags = options.filter((t) => t.name !== undefined && OPT_PASSES.has(t.name));
  if (pipeline.length > 1 || (pipeline.length === 1 && flags.length > 0))
    throw new CliError(
      '--pass-pipeline takes the whole pipeline: give it once, without pass flags',
      2,
    );
  try {
    if (pipeline.length === 1) return parsePassPipeline(pipeline[0]?.value ?? '', OPT_PASSES);
    return flags.map((flag) => pipelineStep(OPT_PASSES, flag.name as string, flag.value ?? ''));
  } catch (error) {
    if (isLibraryError(error)) throw new CliError(error.message, 2);
    throw error;
  }
}

export const optCommand: Command = {
  name: 'opt',
  summary:
    'parse, verify, sparse-vectorize, CSE and canonicalize MLIR loops, printing like mlir-opt (--report for reasons)',
  help,
  run(args, io) {
    const { values, positionals, tokens } = parseCommandArgs({
      args: [...args],
      allowPositionals: true,
      tokens: true,
      options: {
        'pass-pipeline': { type: 'string' },
        'sparse-vectorization': { type: 'string' },
        cse: { type: 'boolean' },
        canonicalize: { type: 'boolean' },
        report: { type: 'boolean' },
        ...HELP_OPTION,
      },
    });
    if (helpShown(values, help, io)) return 0;
    if (positionals.length > 1)
      throw new CliError(`expected at most one input file, got ${positionals.length}`, 2);
    const file = positionals[0];
    const where = file ?? '<stdin>';
    const steps = pipelineFromArgs(tokens);
    const text = io.readInput(file);
    let parsed: Module;
    try {
      parsed = parseModule(text);
    } catch (error) {
      if (error instanceof MlirParseError) throw new CliError(`${where}:${error.message}`);
      throw error;
    }
    const result = runPassPipeline(verified(parsed, where), steps);
    io.stdout(printModule(result.module));
    if (values.report) for (const { report } of result.reports) io.stderr(`${report}\n`);
    return 0;
  },
};
