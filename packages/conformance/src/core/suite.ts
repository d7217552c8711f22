/**
 * A suite: a named list of cases plus exclusions and an optional async setup. It registers its
 * cases with a test framework, or runs them itself (`run`) for the CLI and plain scripts.
 */
import { INT32_MAX } from '@tilekit/errors';
import { ConformanceConfigError } from '../errors.js';
import {
  optionalFunction,
  optionalInteger,
  requireArray,
  requireFunction,
  requireObject,
  requireString,
} from './arguments.js';
import type { ConformanceCase } from './case.js';
import { type Exclusion, indexExclusions } from './exclusions.js';
import type { ExpectLike, TestFramework } from './framework.js';
import { type CaseResult, runCase } from './runner.js';

/** The suites this package ships. */
export type SuiteName = 'layout' | 'kernels' | 'vectorizer' | 'sparse';

/** Options every suite takes: the framework (optional), exclusions and property settings. */
export interface SuiteOptions<Id extends string = string> {
  /** The framework's `describe`; give it together with `it` to register the cases. */
  readonly describe?: TestFramework['describe'];
  /** The framework's `it`. */
  readonly it?: TestFramework['it'];
  /** The framework's `expect` (optional, see `TestFramework.expect`). */
  readonly expect?: ExpectLike;
  /** Cases this implementation is known to fail, each with its reason. */
  readonly exclusions?: readonly Exclusion<Id>[];
  /** Seed of every property case (default 42), so failures reproduce. */
  readonly seed?: number;
  /** Runs per property case (each suite has its own default). */
  readonly numRuns?: number;
}

/** What a suite builder hands to `createSuite`. */
export interface SuiteDefinition<Id extends string> {
  readonly name: SuiteName;
  /** Shown in reports, e.g. `kernels (webgl)`. */
  readonly label: string;
  readonly cases: readonly ConformanceCase<Id>[];
  /** Runs once before the first case (e.g. switching the tfjs backend). */
  readonly setup?: () => void | Promise<void>;
}

/** Results of one standalone run. */
export interface SuiteReport {
  readonly name: SuiteName;
  readonly label: string;
  readonly results: readonly CaseResult[];
  readonly passed: number;
  readonly failed: number;
  readonly excluded: number;
}

/** Options of a standalone run. */
export interface RunOptions {
  /** Called after each case, e.g. to print progress. */
  readonly onResult?: (result: CaseResult) => void;
}

/** A built suite. */
export interface ConformanceSuite<Id extends string = string> {
  readonly name: SuiteName;
  readonly label: string;
  readonly cases: readonly ConformanceCase<Id>[];
  readonly exclusions: readonly Exclusion<Id>[];
  /** Runs every case with the built-in runner. */
  run(options?: RunOptions): Promise<SuiteReport>;
  /** Registers every case with a framework: one `describe` for the suite, one `it` per case. */
  register(framework: TestFramework): void;
}

function frameworkFrom(options: SuiteOptions<string>): TestFramework | undefined {
  const { describe, it, expect } = options;
  if (describe === undefined && it === undefined) return undefined;
  if (typeof describe !== 'function' || typeof it !== 'function') {
    throw new ConformanceConfigError(
      describe === undefined ? 'describe' : 'it',
      'must be given together with the other (both are functions of your test framework)',
    );
  }
  return expect === undefined ? { describe, it } : { describe, it, expect };
}

/** More cases (or exclusions) than this is no suite. */
const MAX_CASES = 2 ** 20;

/**
 * Checks the options every suite builder takes: an object whose seed is a 32-bit integer,
 * numRuns a positive count and exclusions a list of `{ case, reason }` objects (what they name
 * is `indexExclusions`' check, once the cases are known).
 * @throws ConformanceConfigError naming `options` or the option at fault.
 */
export function checkSuiteOptions(options: unknown): void {
  requireObject(options, 'options');
  optionalInteger(options.seed, 'options.seed', -(2 ** 31), 2 ** 32 - 1);
  optionalInteger(options.numRuns, 'options.numRuns', 1, INT32_MAX);
  if (options.exclusions === undefined) return;
  requireArray(options.exclusions, 'options.exclusions', MAX_CASES);
  for (let n = 0; n < options.exclusions.length; n++) {
    const exclusion: unknown = options.exclusions[n];
    requireObject(exclusion, `exclusions[${n}]`);
    requireString(exclusion.case, `exclusions[${n}].case`);
  }
}

/** Checks a suite definition: name, label, cases with ids, rules and run functions. */
function checkDefinition(definition: unknown): void {
  requireObject(definition, 'definition');
  requireString(definition.name, 'definition.name');
  requireString(definition.label, 'definition.label');
  optionalFunction(definition.setup, 'definition.setup');
  requireArray(definition.cases, 'definition.cases', MAX_CASES);
  for (let n = 0; n < definition.cases.length; n++) {
    const testCase: unknown = definition.cases[n];
    requireObject(testCase, `definition.cases[${n}]`);
    requireString(testCase.id, `definition.cases[${n}].id`);
    requireString(testCase.rule, `definition.cases[${n}].rule`);
    requireFunction(testCase.run, `definition.cases[${n}].run`);
  }
}

function assertUniqueIds(cases: readonly ConformanceCase[]): Set<string> {
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new ConformanceConfigError('cases', `contain the id '${c.id}' twice`);
    ids.add(c.id);
  }
  return ids;
}

/**
 * Builds a suite from its cases, checks the exclusions, and registers the cases right away when
 * `options` carries `describe` and `it`.
 *
 * @throws ConformanceConfigError for bad exclusions or a half-given framework.
 */
export function createSuite<Id extends string>(
  definition: SuiteDefinition<Id>,
  options: SuiteOptions<Id> = {},
): ConformanceSuite<Id> {
  checkDefinition(definition);
  checkSuiteOptions(options);
  const exclusions = options.exclusions ?? [];
  const excluded = indexExclusions(exclusions, assertUniqueIds(definition.cases));
  let setupDone: Promise<void> | undefined;
  const ready = () => {
    setupDone ??= Promise.resolve(definition.setup?.());
    return setupDone;
  };

  const suite: ConformanceSuite<Id> = {
    name: definition.name,
    label: definition.label,
    cases: definition.cases,
    exclusions,
    async run(runOptions = {}) {
      await ready();
      const results: CaseResult[] = [];
      for (const testCase of definition.cases) {
        const result = await runCase(testCase, excluded.get(testCase.id));
        results.push(result);
        runOptions.onResult?.(result);
      }
      const count = (status: CaseResult['status']) =>
        results.filter((r) => r.status === status).length;
      return {
        name: definition.name,
        label: definition.label,
        results,
        passed: count('passed'),
        failed: count('failed'),
        excluded: count('excluded'),
      };
    },
    register(framework) {
      framework.describe(`${definition.label} conformance`, () => {
        for (const testCase of definition.cases) {
          const exclusion = excluded.get(testCase.id);
          const title = `${testCase.id} [${testCase.rule}]${exclusion ? ' (excluded)' : ''}`;
          framework.it(title, async () => {
            await ready();
            const result = await runCase(testCase, exclusion);
            const failure = result.status === 'failed' ? result.error : undefined;
            if (framework.expect) framework.expect(failure?.message).toBeUndefined();
            else if (failure) throw failure;
          });
        }
      });
    },
  };
  const framework = frameworkFrom(options);
  if (framework) suite.register(framework);
  return suite;
}
