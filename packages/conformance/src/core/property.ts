/**
 * Property cases on fast-check with a fixed seed. A failing property reports the shrunk
 * (minimal) counterexample, the seed and the path that replays it.
 */

import { describeValue, INT32_MAX } from '@tilekit/errors';
import * as fc from 'fast-check';
import { refuse, requireInteger, requireObject } from './arguments.js';
import { CaseMismatch } from './case.js';

/** Seed and run count of one property check. */
export interface PropertySettings {
  readonly seed: number;
  readonly numRuns: number;
}

/** The seed every property uses unless a suite is given another. */
export const DEFAULT_SEED = 42;

/**
 * Checks a property (sync or async). Its predicate throws (e.g. `CaseMismatch`) or returns
 * false on a counterexample.
 *
 * @throws CaseMismatch naming the shrunk counterexample, its error, the seed and the replay path;
 *   ConformanceConfigError when `property` is no fast-check property or `settings` no settings.
 */
export async function checkProperty<Ts>(
  property: fc.IRawProperty<Ts>,
  settings: PropertySettings,
): Promise<void> {
  requireObject(property as unknown, 'property');
  for (const key of ['isAsync', 'generate', 'run'] as const) {
    if (typeof property[key] !== 'function')
      refuse('property', 'a fast-check property (fc.property)', property);
  }
  requireObject(settings as unknown, 'settings');
  requireInteger(settings.seed, 'settings.seed', -(2 ** 31), 2 ** 32 - 1);
  requireInteger(settings.numRuns, 'settings.numRuns', 1, INT32_MAX);
  const details = await fc.check(property, { seed: settings.seed, numRuns: settings.numRuns });
  if (!details.failed) return;
  const counterexample =
    details.counterexample === null ? 'none' : fc.stringify(details.counterexample);
  const cause =
    details.errorInstance instanceof Error
      ? String(details.errorInstance.message)
      : details.errorInstance === undefined || details.errorInstance === null
        ? 'the predicate returned false'
        : describeValue(details.errorInstance);
  throw new CaseMismatch(
    `property failed on ${counterexample} after ${details.numRuns} runs, shrunk ${details.numShrinks} times: ` +
      `${cause} (replay: seed ${details.seed}, path "${details.counterexamplePath ?? ''}")`,
  );
}
