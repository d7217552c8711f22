import {
  canonicalize,
  cse,
  IRVerifyError,
  MlirParseError,
  type Module,
  parseModule,
  printModule,
  verifyModule,
} from '@tilekit/loop-ir';
import {
  resolveOptions,
  type VectorizeOptions,
  VectorizeOptionsError,
  type VectorizeReport,
  type VectorizeResult,
  vectorize,
} from '@tilekit/sparse-vectorizer';
import { parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { CliError } from '../io.js';

const help = `Usage: tilekit opt [file.mlir] [--sparse-vectorization="vl=8 enable-vla-vectorization=true enable-simd-index32=true"] [--cse] [--canonicalize] [--report]

Reads MLIR text (a file, or standard input when no file is given), verifies it, runs the passes
given, in the order given (like mlir-opt's pass pipeline), verifies each pass's output, and prints
the module like mlir-opt does. IR that fails the verifier is never printed: the verifier's message
is, and the exit code is 1.

Options:
  --sparse-vectorization=<opts>  run the rewriter; <opts> are MLIR's pass options, space separated:
                                   vl=<n>                           vector length (required, 1..65536)
                                   enable-vla-vectorization[=bool]  scalable vectors, vscale * vl steps
                                   enable-simd-index32[=bool]       32-bit gather/scatter indices
  --cse                          common subexpression elimination, like mlir-opt --cse
  --canonicalize                 folds, dead code removal and constant hoisting, like mlir-opt
                                 --canonicalize (affine map simplification is not covered)
  --report                       print why each loop was or was not vectorized (to stderr)
  -h, --help                     show this help`;

const BOOLEAN_OPTIONS = {
  'enable-vla-vectorization': 'enableVLAVectorization',
  'enable-simd-index32': 'enableSIMDIndex32',
} as const;

function parseBool(key: string, value: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new CliError(`--sparse-vectorization: ${key} takes true or false, got '${value}'`, 2);
}

/** Parses MLIR pass options such as `vl=8 enable-vla-vectorization=true` into rewriter options. */
export function parsePassOptions(text: string): VectorizeOptions {
  let vectorLength: number | undefined;
  const flags: { enableVLAVectorization?: boolean; enableSIMDIndex32?: boolean } = {};
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const [key = '', value] = token.split('=', 2);
    if (key === 'vl') {
      if (value === undefined || !/^\d+$/.test(value))
        throw new CliError(
          `--sparse-vectorization: vl takes a non-negative integer, got '${value ?? ''}'`,
          2,
        );
      vectorLength = Number(value);
    } else if (key in BOOLEAN_OPTIONS) {
      flags[BOOLEAN_OPTIONS[key as keyof typeof BOOLEAN_OPTIONS]] =
        value === undefined ? true : parseBool(key, value);
    } else {
      throw new CliError(
        `--sparse-vectorization: unknown option '${key}' (known: vl, ${Object.keys(BOOLEAN_OPTIONS).join(', ')})`,
        2,
      );
    }
  }
  if (vectorLength === undefined || vectorLength === 0) {
    // MLIR's default vl=0 disables vectorization and fails the pass; say so instead of exiting silently.
    throw new CliError(
      '--sparse-vectorization: vl must be a positive integer (vl=0 disables vectorization, which MLIR treats as a pass failure)',
    );
  }
  const options = { vectorLength, ...flags };
  try {
    resolveOptions(options); // the rewriter's own bounds (vl up to MAX_VECTOR_LENGTH lanes)
  } catch (error) {
    if (error instanceof VectorizeOptionsError)
      throw new CliError(`--sparse-vectorization: vl=${vectorLength}: ${error.message}`, 2);
    throw error;
  }
  return options;
}

/**
 * `module` itself when it passes the verifier, else a CLI error carrying the verifier's
 * message; `where` names the IR (the input file, or the rewriter's output).
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
 * Runs the rewriter and verifies what it produced, so `tilekit opt` never prints invalid IR.
 * `pass` is the rewriter (replaceable in tests).
 */
export function vectorizeVerified(
  module: Module,
  options: VectorizeOptions,
  pass: (module: Module, options: VectorizeOptions) => VectorizeResult = vectorize,
): VectorizeResult {
  let result: VectorizeResult;
  try {
    result = pass(module, options);
  } catch (error) {
    if (error instanceof VectorizeOptionsError)
      throw new CliError(`--sparse-vectorization: ${error.message}`, 2);
    throw error;
  }
  verified(
    result.module,
    'the vectorized module fails verification (a tilekit bug, please report it)',
  );
  return result;
}

/** One line per loop: what the rewriter decided and why. */
export function formatReport(report: VectorizeReport): string {
  const lines = report.loops.map((loop) => {
    const where = `@${loop.function} loop ${loop.loop} (depth ${loop.depth})`;
    if (loop.vectorized)
      return `${where}: vectorized, ${loop.form}${loop.kind ? ` <${loop.kind}>` : ''}`;
    return `${where}: left scalar [${loop.code}] ${loop.reason}`;
  });
  for (const chain of report.chains) {
    lines.push(
      `@${chain.function} reduction chain ${chain.producer} -> ${chain.consumer ?? '-'}: ${chain.folded ? 'folded' : 'not folded'} (${chain.reason})`,
    );
  }
  return lines.length === 0 ? 'no scf.for loops' : lines.join('\n');
}

/** One step of the pass pipeline, in command-line order. */
export type PipelineStep =
  | { readonly pass: 'sparse-vectorization'; readonly options: VectorizeOptions }
  | { readonly pass: 'cse' | 'canonicalize' };

const MODULE_PASSES: Readonly<Record<'cse' | 'canonicalize', (module: Module) => Module>> = {
  cse,
  canonicalize,
};

/** Runs `steps` in order, verifying after each; returns the module and any vectorizer reports. */
export function runPipeline(
  module: Module,
  steps: readonly PipelineStep[],
): { module: Module; reports: VectorizeReport[] } {
  const reports: VectorizeReport[] = [];
  for (const step of steps) {
    if (step.pass === 'sparse-vectorization') {
      const result = vectorizeVerified(module, step.options);
      reports.push(result.report);
      module = result.module;
    } else {
      module = verified(
        MODULE_PASSES[step.pass](module),
        `the module after --${step.pass} fails verification (a tilekit bug, please report it)`,
      );
    }
  }
  return { module, reports };
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
        'sparse-vectorization': { type: 'string' },
        cse: { type: 'boolean' },
        canonicalize: { type: 'boolean' },
        report: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.stdout(`${help}\n`);
      return 0;
    }
    if (positionals.length > 1)
      throw new CliError(`expected at most one input file, got ${positionals.length}`, 2);
    const file = positionals[0];
    const where = file ?? '<stdin>';
    const steps = tokens.flatMap((token): PipelineStep[] => {
      if (token.kind !== 'option') return [];
      if (token.name === 'sparse-vectorization')
        return [{ pass: token.name, options: parsePassOptions(token.value ?? '') }];
      if (token.name === 'cse' || token.name === 'canonicalize') return [{ pass: token.name }];
      return [];
    });
    const text = io.readInput(file);
    let parsed: Module;
    try {
      parsed = parseModule(text);
    } catch (error) {
      if (error instanceof MlirParseError) throw new CliError(`${where}:${error.message}`);
      throw error;
    }
    const result = runPipeline(verified(parsed, where), steps);
    io.stdout(printModule(result.module));
    if (values.report) for (const report of result.reports) io.stderr(`${formatReport(report)}\n`);
    return 0;
  },
};
