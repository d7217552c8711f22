/**
 * Numeric tolerances per backend. Integer outputs are always compared exactly; float outputs
 * within `absolute + relative * |expected|`.
 */

import { refuse, requireObject, requireString } from './arguments.js';

/** How far a float output may be from the expected value. */
export interface Tolerance {
  readonly absolute: number;
  readonly relative: number;
}

/** No difference allowed. */
export const EXACT: Tolerance = { absolute: 0, relative: 0 };

/**
 * Defaults per tfjs backend name. CPU and WASM compute on JS/wasm float32 arrays, so data
 * movement is bit exact. WebGL round-trips values through textures and computes addresses with
 * float math in shaders; it gets the 1e-3 that tfjs's own kernel tests grant float32 backends
 * (`test_util.testEpsilon`), which still catches any misplaced element of the small-integer and
 * two-decimal data the cases use.
 */
export const DEFAULT_TOLERANCES: Readonly<Record<string, Tolerance>> = {
  cpu: EXACT,
  wasm: EXACT,
  webgl: { absolute: 1e-3, relative: 0 },
};

/**
 * Checks that `tolerance` is undefined or a Tolerance (non-negative absolute and relative bounds).
 * @throws ConformanceConfigError naming `argument` or its field.
 */
export function checkTolerance(tolerance: unknown, argument: string): void {
  if (tolerance === undefined) return;
  requireObject(tolerance, argument);
  for (const key of ['absolute', 'relative'] as const) {
    const bound: unknown = tolerance[key];
    if (typeof bound !== 'number' || !(bound >= 0)) {
      refuse(`${argument}.${key}`, 'a non-negative number', bound);
    }
  }
}

/**
 * The tolerance for `backend`: an explicit one, else the default, else exact.
 * @throws ConformanceConfigError when `backend` is no string or `explicit` no Tolerance.
 */
export function toleranceFor(backend: string, explicit?: Tolerance): Tolerance {
  requireString(backend, 'backend');
  checkTolerance(explicit, 'explicit');
  return (
    explicit ??
    (Object.hasOwn(DEFAULT_TOLERANCES, backend) ? DEFAULT_TOLERANCES[backend] : undefined) ??
    EXACT
  );
}

/**
 * Whether `actual` is within `tolerance` of `expected` (NaN matches NaN, -0 matches 0).
 * @throws ConformanceConfigError when `actual` or `expected` is no number or `tolerance` no Tolerance.
 */
export function withinTolerance(actual: number, expected: number, tolerance: Tolerance): boolean {
  if (typeof actual !== 'number') refuse('actual', 'a number', actual);
  if (typeof expected !== 'number') refuse('expected', 'a number', expected);
  if (tolerance === undefined) refuse('tolerance', 'a Tolerance', tolerance);
  checkTolerance(tolerance, 'tolerance');
  return isWithin(actual, expected, tolerance);
}

/** `withinTolerance` of arguments already checked (the comparison loops' inner test). */
export function isWithin(actual: number, expected: number, tolerance: Tolerance): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  if (actual === expected) return true;
  return (
    Math.abs(actual - expected) <= tolerance.absolute + tolerance.relative * Math.abs(expected)
  );
}
