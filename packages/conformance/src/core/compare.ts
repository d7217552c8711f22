/**
 * Comparisons for case bodies. Each throws a `CaseMismatch` whose text shows expected versus
 * actual, with the first differing positions for arrays, so the failure explains itself.
 */
import { describeValue, messageText } from '@tilekit/errors';
import { optionalFunction, requireArrayLike, requireObject } from './arguments.js';
import { CaseMismatch } from './case.js';
import { checkTolerance, EXACT, isWithin, type Tolerance } from './tolerance.js';

const MAX_LISTED = 6;
const MAX_TEXT = 400;

/** Values past this many elements (or characters of JSON) are described, not written out. */
const MAX_WRITTEN = 2 ** 20;

/**
 * The whole JSON form of a value (bigints as `5n`, typed arrays as arrays, non-finite numbers
 * as text), or undefined when it has none: a cycle, a huge array, or a getter or Proxy trap
 * that throws (the caller's exception is not this package's to rethrow from a comparison).
 */
function jsonForm(value: unknown): string | undefined {
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
        const view = v as unknown as ArrayLike<number>;
        if (view.length > MAX_WRITTEN) throw new RangeError('too large');
        return Array.from(view);
      }
      if (Array.isArray(v) && v.length > MAX_WRITTEN) throw new RangeError('too large');
      if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
      return v;
    });
    return typeof text === 'string' && text.length <= MAX_WRITTEN ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Compact text of a value for messages (bigint-safe, truncated); never throws. */
export function formatValue(value: unknown): string {
  const shown = jsonForm(value) ?? describeValue(value);
  return shown.length > MAX_TEXT ? `${shown.slice(0, MAX_TEXT)}…` : shown;
}

/**
 * Throws a `CaseMismatch` unless `actual` and `expected` have the same JSON form. Values with
 * none (a cycle, a symbol, more than 2^20 elements) are equal only when they are the same value.
 */
export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  const a = jsonForm(actual);
  const e = jsonForm(expected);
  const same = a !== undefined && e !== undefined ? a === e : Object.is(actual, expected);
  if (!same) {
    throw new CaseMismatch(
      `${messageText(what)}: expected ${formatValue(expected)}, got ${formatValue(actual)}`,
    );
  }
}

/** Options of `expectValues`. */
export interface ValuesOptions {
  /** Allowed difference for each element (default exact). */
  readonly tolerance?: Tolerance;
  /** Names position `k` in messages (default `[k]`), e.g. as `(row, col)`. */
  readonly position?: (k: number) => string;
}

/**
 * Throws unless the two sequences have equal length and every element is within tolerance;
 * the message lists the first differing positions and how many differ. An element that is no
 * number differs from everything.
 * @throws CaseMismatch when they differ; ConformanceConfigError when `actual` or `expected` is no
 *   array-like or `options` is no ValuesOptions.
 */
export function expectValues(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  what: string,
  options: ValuesOptions = {},
): void {
  requireArrayLike(actual, 'actual', Number.MAX_SAFE_INTEGER);
  requireArrayLike(expected, 'expected', Number.MAX_SAFE_INTEGER);
  requireObject(options as unknown, 'options');
  checkTolerance(options.tolerance, 'options.tolerance');
  optionalFunction(options.position, 'options.position');
  what = messageText(what);
  if (actual.length !== expected.length) {
    throw new CaseMismatch(
      `${what}: expected ${expected.length} values ${formatValue(expected)}, got ${actual.length} values ${formatValue(actual)}`,
    );
  }
  const tolerance = options.tolerance ?? EXACT;
  const position = options.position ?? ((k: number) => `[${k}]`);
  const wrong: string[] = [];
  let count = 0;
  for (let k = 0; k < expected.length; k++) {
    const [x, y]: unknown[] = [actual[k], expected[k]];
    if (typeof x === 'number' && typeof y === 'number' && isWithin(x, y, tolerance)) continue;
    count++;
    if (wrong.length < MAX_LISTED)
      wrong.push(
        `at ${messageText(position(k))} expected ${describeValue(y)}, got ${describeValue(x)}`,
      );
  }
  if (count > 0) {
    const bound =
      tolerance === EXACT ? '' : ` (tolerance ${tolerance.absolute} + ${tolerance.relative}·|x|)`;
    throw new CaseMismatch(
      `${what}: ${count} of ${expected.length} values differ${bound}: ${wrong.join('; ')}`,
    );
  }
}

/** Throws unless `run` throws. */
export async function expectRejection(run: () => unknown, what: string): Promise<void> {
  optionalFunction(run, 'run');
  let result: unknown;
  try {
    result = await run();
  } catch {
    return;
  }
  throw new CaseMismatch(`${messageText(what)}: expected an error, got ${formatValue(result)}`);
}
