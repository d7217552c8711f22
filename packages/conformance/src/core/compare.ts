/**
 * Comparisons for case bodies. Each throws a `CaseMismatch` whose text shows expected versus
 * actual, with the first differing positions for arrays, so the failure explains itself.
 */
import { CaseMismatch } from './case.js';
import { EXACT, type Tolerance, withinTolerance } from './tolerance.js';

const MAX_LISTED = 6;
const MAX_TEXT = 400;

/** Compact text of a value for messages (bigint-safe, truncated). */
export function formatValue(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (ArrayBuffer.isView(v) && !(v instanceof DataView))
      return Array.from(v as unknown as ArrayLike<number>);
    if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
    return v;
  });
  const shown = text ?? String(value);
  return shown.length > MAX_TEXT ? `${shown.slice(0, MAX_TEXT)}…` : shown;
}

/** Throws unless `actual` and `expected` have the same JSON form. */
export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  const a = formatValue(actual);
  const e = formatValue(expected);
  if (JSON.stringify(actual) !== JSON.stringify(expected) || a !== e) {
    throw new CaseMismatch(`${what}: expected ${e}, got ${a}`);
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
 * the message lists the first differing positions and how many differ.
 */
export function expectValues(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  what: string,
  options: ValuesOptions = {},
): void {
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
    if (withinTolerance(actual[k]!, expected[k]!, tolerance)) continue;
    count++;
    if (wrong.length < MAX_LISTED)
      wrong.push(`at ${position(k)} expected ${expected[k]}, got ${actual[k]}`);
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
  let result: unknown;
  try {
    result = await run();
  } catch {
    return;
  }
  throw new CaseMismatch(`${what}: expected an error, got ${formatValue(result)}`);
}
