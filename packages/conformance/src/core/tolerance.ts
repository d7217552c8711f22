/**
 * Numeric tolerances per backend. Integer outputs are always compared exactly; float outputs
 * within `absolute + relative * |expected|`.
 */

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

/** The tolerance for `backend`: an explicit one, else the default, else exact. */
export function toleranceFor(backend: string, explicit?: Tolerance): Tolerance {
  return explicit ?? DEFAULT_TOLERANCES[backend] ?? EXACT;
}

/** Whether `actual` is within `tolerance` of `expected` (NaN matches NaN, -0 matches 0). */
export function withinTolerance(actual: number, expected: number, tolerance: Tolerance): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  if (actual === expected) return true;
  return (
    Math.abs(actual - expected) <= tolerance.absolute + tolerance.relative * Math.abs(expected)
  );
}
