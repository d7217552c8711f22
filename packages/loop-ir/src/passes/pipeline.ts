/**
 * Pass pipelines as `mlir-opt --pass-pipeline` spells them: `builtin.module(cse,
 * sparse-vectorization{vl=8}, canonicalize)`, parsed against a registry of {@link Pass}es and run
 * in order, the IR verified after each pass (mlir-opt's default `-verify-each`).
 */
import { messageText } from '@tilekit/errors';
import {
  expectArray,
  expectModule,
  expectString,
  LoopIrArgumentError,
} from '../argument-checks.js';
import type { Module } from '../ir/operation.js';
import { LoopIrError } from '../loop-ir-error.js';
import { verifyModule } from '../verify/index.js';
import type { Pass } from './pass.js';

/** The passes a pipeline may name, by name. */
export type PassRegistry = ReadonlyMap<string, Pass>;

/** A registry of `passes`; two passes with one name are an error. */
export function passRegistry(passes: readonly Pass[]): PassRegistry {
  expectArray(passes, 'passes', 'an array of passes');
  const registry = new Map<string, Pass>();
  for (const pass of passes) {
    expectPass(pass, 'passes[]');
    if (registry.has(pass.name))
      throw new PassPipelineError('passes', `distinct pass names`, `'${pass.name}' twice`);
    registry.set(pass.name, pass);
  }
  return registry;
}

/** One pass of a pipeline with its parsed options. */
export interface PipelineStep {
  readonly pass: Pass;
  readonly options: unknown;
}

/** A pipeline string that does not parse, or names a pass the registry lacks. */
export class PassPipelineError extends LoopIrError {
  override readonly name = 'PassPipelineError';

  constructor(
    override readonly argument: string,
    override readonly expected: string,
    found: string,
  ) {
    super(
      `${messageText(argument)}: expected ${messageText(expected)}, found ${messageText(found)}`,
    );
  }
}

/** The IR a pass produced fails the verifier: a bug in that pass. */
export class PassVerificationError extends LoopIrError {
  override readonly name = 'PassVerificationError';

  constructor(
    readonly pass: string,
    readonly diagnostic: string,
  ) {
    super(
      `the module after ${messageText(pass)} fails verification (a tilekit bug, please report it): ${messageText(diagnostic)}`,
    );
  }
}

/** `value` is a pass: an object with a name and `run` and `parseOptions` functions. */
function expectPass(value: unknown, argument: string): asserts value is Pass {
  const pass = value as Partial<Pass> | null;
  if (
    typeof pass !== 'object' ||
    pass === null ||
    typeof pass.name !== 'string' ||
    typeof pass.run !== 'function' ||
    typeof pass.parseOptions !== 'function'
  ) {
    throw new LoopIrArgumentError(argument, 'a Pass (name, run, parseOptions)', value);
  }
}

/** `value` is a pass registry (from passRegistry). */
function expectRegistry(value: unknown): asserts value is PassRegistry {
  if (!(value instanceof Map)) {
    throw new LoopIrArgumentError('registry', 'a PassRegistry (from passRegistry)', value);
  }
}

/** Longest pipeline string accepted (a bound on work for untrusted input). */
const MAX_PIPELINE_LENGTH = 65536;

/** A step of `registry`'s pass `name` with its option string parsed by the pass itself. */
export function pipelineStep(registry: PassRegistry, name: string, optionText = ''): PipelineStep {
  expectRegistry(registry);
  expectString(name, 'name');
  expectString(optionText, 'optionText');
  const pass = registry.get(name);
  if (pass === undefined)
    throw new PassPipelineError(
      'pass pipeline',
      `a registered pass (${[...registry.keys()].join(', ')})`,
      `'${name}'`,
    );
  return { pass, options: pass.parseOptions(optionText) };
}

/**
 * Parses `builtin.module(pass1, pass2{key=value ...}, ...)` into steps, each pass looked up in
 * `registry` and its options parsed by the pass. Nested pass managers (`func.func(...)`) are not
 * supported: every registered pass runs on the whole module.
 */
export function parsePassPipeline(text: string, registry: PassRegistry): PipelineStep[] {
  expectString(text, 'text');
  expectRegistry(registry);
  const where = 'pass pipeline';
  if (text.length > MAX_PIPELINE_LENGTH)
    throw new PassPipelineError(
      where,
      `at most ${MAX_PIPELINE_LENGTH} characters`,
      `${text.length}`,
    );
  const match = /^\s*builtin\.module\s*\(([\s\S]*)\)\s*$/.exec(text);
  if (match === null)
    throw new PassPipelineError(where, "'builtin.module(...)' around the passes", `'${text}'`);
  const body = match[1] as string;
  const steps: PipelineStep[] = [];
  const element = /\s*([A-Za-z][\w.-]*)\s*(?:\{([^{}]*)\})?\s*(,|$)/y;
  let at = 0;
  while (at < body.length && body.slice(at).trim() !== '') {
    element.lastIndex = at;
    const found = element.exec(body);
    if (found === null) {
      const rest = body.slice(at).trim();
      const nested = /^[\w.-]+\s*\(/.test(rest);
      throw new PassPipelineError(
        where,
        nested
          ? 'a pass name (nested pass managers such as func.func(...) are not supported)'
          : "a pass name, optionally followed by '{options}', then ',' or the end",
        `'${rest.slice(0, 40)}'`,
      );
    }
    steps.push(pipelineStep(registry, found[1] as string, found[2] ?? ''));
    at = element.lastIndex;
  }
  return steps;
}

/** What running a pipeline produced: the final module and each pass's report, in order. */
export interface PipelineResult {
  readonly module: Module;
  readonly reports: readonly { readonly pass: string; readonly report: string }[];
}

/** Runs `steps` on `module` in order, verifying the IR after each pass. */
export function runPassPipeline(module: Module, steps: readonly PipelineStep[]): PipelineResult {
  expectModule(module);
  expectArray(steps, 'steps', 'an array of pipeline steps (from parsePassPipeline)');
  // Indexed, so a holey array of 2^32 - 1 slots stops at its first hole (forEach would skip
  // every hole in turn before running a pass).
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k];
    if (typeof step !== 'object' || step === null) {
      throw new LoopIrArgumentError(`steps[${k}]`, 'a pipeline step', step);
    }
    expectPass(step.pass, `steps[${k}].pass`);
  }
  const reports: { pass: string; report: string }[] = [];
  for (const { pass, options } of steps) {
    const result = pass.run(module, options);
    try {
      verifyModule(result.module);
    } catch (error) {
      throw new PassVerificationError(
        pass.name,
        error instanceof Error ? error.message : String(error),
      );
    }
    if (result.report !== undefined) reports.push({ pass: pass.name, report: result.report });
    module = result.module;
  }
  return { module, reports };
}
