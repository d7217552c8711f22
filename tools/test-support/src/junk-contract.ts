/**
 * The error contract as a test asserts it: each public function, given one junk value (from the
 * shared junk corpus) in one argument position and plausible arguments everywhere else, either
 * returns or throws a `TilekitError` whose `argument` names one of its parameters (or a field or
 * element of one: `shape.dimensions`, `index[2]`). The caller's own exception, thrown by a
 * throwing getter or Proxy in the corpus, may pass through unchanged; anything else (a TypeError
 * from inside, an error naming no parameter, a promise that never settles) breaks the contract.
 */
import { isTilekitError } from '@tilekit/errors';
import { CallerTrapError, junkCorpus } from './junk-corpus.js';

/** One public function under test. */
export interface JunkTarget {
  /** Arguments it accepts, made fresh for every call (junk replaces one of them). */
  readonly plausible: () => unknown[];
  /** Calls it (a method on its object, a constructor with `new`, ...). */
  readonly call: (...args: unknown[]) => unknown;
  /**
   * Its parameters' names, by position: junk goes into each position in turn, and a typed error
   * must name one of them (the error may be about another argument that no longer fits).
   */
  readonly parameters: readonly string[];
}

/** Whether `argument` is `parameter` or a field or element of it. */
const names = (argument: string, parameter: string): boolean =>
  argument === parameter ||
  argument.startsWith(`${parameter}.`) ||
  argument.startsWith(`${parameter}[`);

/** How long a returned promise may stay pending. */
const PROMISE_MS = 2000;

/** What is wrong with one call's outcome, or undefined when it keeps the contract. */
async function problemOf(target: JunkTarget, args: unknown[]): Promise<string | undefined> {
  try {
    const result = target.call(...args);
    if (result instanceof Promise) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const pending = Symbol('pending');
      const settled = await Promise.race([
        result,
        new Promise((resolve) => {
          timer = setTimeout(() => resolve(pending), PROMISE_MS);
        }),
      ]);
      clearTimeout(timer);
      if (settled === pending) return `its promise did not settle in ${PROMISE_MS} ms`;
    }
    return undefined;
  } catch (error) {
    if (error instanceof CallerTrapError) return undefined;
    if (!isTilekitError(error)) {
      return error instanceof Error
        ? `${error.name}: ${error.message.slice(0, 160)}`
        : `threw a ${typeof error}`;
    }
    const argument = error.argument;
    if (typeof argument !== 'string' || !target.parameters.some((p) => names(argument, p))) {
      return `${error.name} names ${String(argument)}, none of ${target.parameters.join(', ')}`;
    }
    return undefined;
  }
}

/**
 * Calls every target with every junk value of corpus `seed` in every parameter position and
 * lists the calls that broke the contract, as `name(position <- junk): problem`; a test
 * expects the list to be empty.
 */
export async function junkCallFailures(
  targets: Readonly<Record<string, JunkTarget>>,
  seed: number,
): Promise<string[]> {
  const corpus = junkCorpus(seed);
  const failures: string[] = [];
  for (const [name, target] of Object.entries(targets)) {
    for (let position = 0; position < target.parameters.length; position++) {
      for (const junk of corpus) {
        const args = target.plausible();
        args[position] = junk.value;
        const problem = await problemOf(target, args);
        if (problem !== undefined)
          failures.push(`${name}(${position} <- ${junk.label}): ${problem}`);
      }
    }
  }
  return failures;
}

/**
 * The exported functions and classes of a module namespace, by name, so a test can check that
 * its targets cover every one of them.
 */
export function callableExports(namespace: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(namespace)
    .filter((name) => typeof namespace[name] === 'function')
    .sort();
}
