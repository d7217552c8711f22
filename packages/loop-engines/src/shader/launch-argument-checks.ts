/**
 * Argument checks of the exported launch arithmetic (`scheduleLaunch`, `scheduleLaunchFor`,
 * `passLaunch`), which prepared shader passes call at run time with data from elsewhere: each
 * check is O(1) per argument, or one pass over the uniforms.
 */
import { expectArrayOf, expectInteger, expectObjectWith } from '../argument-checks.js';
import { EngineArgumentError } from '../errors.js';

const SCHEDULE_KINDS: ReadonlySet<unknown> = new Set(['per-iteration', 'row-group', 'column-grid']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const describe = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : typeof value;

/** `schedule` names one of the pass schedules (`per-iteration`, `row-group`, `column-grid`). */
export function expectScheduleKind(schedule: unknown, argument: string): void {
  if (!isObject(schedule) || !SCHEDULE_KINDS.has(schedule.kind)) {
    throw new EngineArgumentError(
      argument,
      `expected a schedule of kind 'per-iteration', 'row-group' or 'column-grid', got ${describe(isObject(schedule) ? schedule.kind : schedule)}`,
    );
  }
}

/** `value` is a finite number of at least 0 (an average length may be fractional). */
export function expectLength(value: unknown, argument: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new EngineArgumentError(argument, `expected a finite number ≥ 0, got ${describe(value)}`);
  }
}

/** `value` is a function. */
export function expectFunction(value: unknown, argument: string): void {
  if (typeof value !== 'function') {
    throw new EngineArgumentError(argument, `expected a function, got ${describe(value)}`);
  }
}

/** The uniforms, trip count, schedule launch and sizes `passLaunch` takes. */
export function expectPassLaunchArguments(
  uniforms: unknown,
  trips: unknown,
  schedule: unknown,
  sizes: unknown,
): void {
  expectArrayOf(uniforms, 'uniforms', (u, name) => {
    if (!isObject(u) || typeof u.name !== 'string') {
      throw new EngineArgumentError(
        name,
        'expected a shader uniform ({name, arg, dim?, schedule?})',
      );
    }
    expectInteger(u.arg, `${name}.arg`, -1);
    if (u.dim !== undefined) expectInteger(u.dim, `${name}.dim`, 0);
  });
  if (trips !== undefined) expectInteger(trips, 'trips', 0);
  if (schedule !== undefined) {
    if (!isObject(schedule)) {
      throw new EngineArgumentError('schedule', 'expected a schedule launch or undefined');
    }
    for (const field of ['invocations', 'group', 'rounds', 'columns'] as const) {
      expectInteger(schedule[field], `schedule.${field}`, 0);
    }
  }
  expectObjectWith(sizes, 'sizes', 'launch sizes (scalar and extent functions)', {
    scalar: 'function',
    extent: 'function',
  });
}
