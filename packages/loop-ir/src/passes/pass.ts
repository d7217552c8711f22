/**
 * A pass as MLIR declares one (its `Passes.td` entry): a name, a summary and typed options, and
 * the parser of its own option string (`vl=8 enable-vla-vectorization=true`), so every caller
 * (the CLI, a pipeline string, the playground) validates options in one place, the pass.
 */
import { messageText } from '@tilekit/errors';
import { expectArray, expectString, LoopIrArgumentError } from '../argument-checks.js';
import type { Module } from '../ir/operation.js';
import { LoopIrError } from '../loop-ir-error.js';

/** One declared option of a pass. */
export interface PassOption {
  /** The option's name in the option string, e.g. `vl`. */
  readonly name: string;
  /** `integer` takes a non-negative decimal; `boolean` takes true/false/1/0, or nothing for true. */
  readonly type: 'integer' | 'boolean';
  readonly description: string;
}

/** What running a pass produced: the new module, and its report text when it writes one. */
export interface PassResult {
  readonly module: Module;
  /** Human-readable lines about what the pass did (the vectorizer's per-loop reasons). */
  readonly report?: string;
}

/** A registered pass: what it is called, what it takes, and how it runs. */
export interface Pass<Options = unknown> {
  /** MLIR's pass argument, e.g. `sparse-vectorization`. */
  readonly name: string;
  readonly summary: string;
  readonly options: readonly PassOption[];
  /** Parses and validates the option string; throws {@link PassOptionError} (or the pass's own typed error). */
  parseOptions(text: string): Options;
  /** Runs the pass on `module` (never mutated) with options `parseOptions` returned. */
  run(module: Module, options: Options): PassResult;
}

/** An option string a pass cannot accept: an unknown option or a malformed value. */
export class PassOptionError extends LoopIrError {
  override readonly name = 'PassOptionError';

  /**
   * @param pass The pass whose options these are.
   * @param argument The option at fault.
   * @param expected What the option takes.
   * @param found What the option string held.
   */
  constructor(
    readonly pass: string,
    override readonly argument: string,
    override readonly expected: string,
    found: string,
  ) {
    super(
      `${messageText(pass)}: option '${messageText(argument)}' takes ${messageText(expected)}, got ${messageText(found)}`,
    );
  }
}

/** `value` lists declared options: objects with a name and a type (integer or boolean). */
function expectOptionList(value: unknown): asserts value is readonly PassOption[] {
  expectArray(value, 'options', 'an array of PassOptions');
  for (let i = 0; i < value.length; i++) {
    const option = value[i] as Partial<PassOption> | null | undefined;
    if (
      typeof option !== 'object' ||
      option === null ||
      typeof option.name !== 'string' ||
      (option.type !== 'integer' && option.type !== 'boolean')
    )
      throw new LoopIrArgumentError(
        `options[${i}]`,
        "a PassOption (a name, and the type 'integer' or 'boolean')",
        option,
      );
  }
}

/** The values of an option string, by option name, each checked against its declared type. */
export type ParsedOptions = Readonly<Record<string, number | boolean>>;

/**
 * Parses MLIR's space-separated `key=value` option syntax against the declared `options` of
 * `pass`: integers are non-negative decimals, booleans true/false/1/0 or a bare key (true).
 */
export function parseOptionString(
  pass: string,
  options: readonly PassOption[],
  text: string,
): ParsedOptions {
  expectString(pass, 'pass');
  expectOptionList(options);
  expectString(text, 'text');
  const values: Record<string, number | boolean> = {};
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const eq = token.indexOf('=');
    const key = eq < 0 ? token : token.slice(0, eq);
    const value = eq < 0 ? undefined : token.slice(eq + 1);
    const option = options.find((o) => o.name === key);
    if (option === undefined) {
      const known = options.map((o) => o.name).join(', ') || 'none';
      throw new PassOptionError(
        pass,
        key,
        `nothing: it is unknown (known: ${known})`,
        `'${token}'`,
      );
    }
    if (option.type === 'boolean') {
      if (value === undefined || value === 'true' || value === '1') values[key] = true;
      else if (value === 'false' || value === '0') values[key] = false;
      else throw new PassOptionError(pass, key, 'true or false', `'${value}'`);
    } else {
      if (value === undefined || !/^\d{1,15}$/.test(value))
        throw new PassOptionError(pass, key, 'a non-negative integer', `'${value ?? ''}'`);
      values[key] = Number(value);
    }
  }
  return values;
}
