/**
 * Dimension-to-level maps beyond a permutation, in the forms MLIR's `#sparse_tensor.encoding`
 * writes block and structured sparsity with: a level stores a dimension itself (`i`), its
 * block index (`i floordiv k`) or its offset inside a block (`i mod k`). A blocked dimension
 * has exactly one `floordiv k` level and one `mod k` level of the same `k`: BSR is
 * `(i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)`,
 * 2:4 is `(i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])`.
 *
 * A block must divide its dimension: a dimension that is not a multiple of `k` is a typed
 * error naming the shape (MLIR's level sizes are `size / k` too); pad the tensor first.
 */
import { textOf } from '../sparse-error.js';
import { SparseFormatError } from './errors.js';

/** What one level stores of its dimension: the dimension, a block index or a block offset. */
export type LevelExpression =
  | { readonly op: 'dim' }
  | { readonly op: 'floordiv' | 'mod'; readonly by: number };

/** What a map text names, before the level types are resolved. */
export interface ParsedMap {
  readonly rank: number;
  /** Per level: the dimension it stores (the format's `order`). */
  readonly order: readonly number[];
  readonly expressions: readonly LevelExpression[];
  readonly levels: readonly string[];
}

const SUPPORTED = `'d', 'd floordiv k' or 'd mod k' (d a dimension name, k a positive integer)`;
const MAP_FORM = `'(d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 2 : compressed, d0 mod 2 : dense, d1 mod 2 : dense)'`;

/** Splits `text` at commas outside brackets and parentheses. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < text.length; k++) {
    const ch = text[k];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, k));
      start = k + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/**
 * Parses MLIR's map text `(d0, d1) -> (expr : levelType, ...)`; anything outside the forms
 * above is a {@link SparseFormatError} naming `argument` and the supported forms.
 */
export function parseLevelMap(text: unknown, argument = 'format.map'): ParsedMap {
  const fail = (problem: string): never => {
    throw new SparseFormatError(argument, problem, `a map of the form ${MAP_FORM}`);
  };
  if (typeof text !== 'string') return fail(`expected map text, got ${textOf(text)}`);
  const whole = /^\s*\(([^)]*)\)\s*->\s*\((.*)\)\s*$/s.exec(text);
  if (whole === null) {
    return fail(`'${textOf(text, 120)}' is not of the form (dimensions) -> (levels)`);
  }
  const dimText = (whole[1] as string).trim();
  const dims = dimText === '' ? [] : dimText.split(',').map((d) => d.trim());
  dims.forEach((d) => {
    if (!/^[A-Za-z_][\w$]*$/.test(d)) fail(`'${textOf(d, 40)}' is not a dimension name`);
  });
  if (new Set(dims).size !== dims.length) fail(`a dimension is named twice in (${dimText})`);
  const order: number[] = [];
  const expressions: LevelExpression[] = [];
  const levels: string[] = [];
  for (const part of topLevelParts(whole[2] as string)) {
    const colon = part.indexOf(':');
    if (colon < 0) fail(`level '${textOf(part, 60)}' has no ': levelType'`);
    const expr = part.slice(0, colon).trim();
    const m = /^([A-Za-z_][\w$]*)(?:\s+(floordiv|mod)\s+(\d+))?$/.exec(expr);
    const d = m === null ? -1 : dims.indexOf(m[1] as string);
    if (m === null || d < 0) {
      return fail(`level expression '${textOf(expr, 60)}' is not one of ${SUPPORTED}`);
    }
    order.push(d);
    levels.push(part.slice(colon + 1).trim());
    if (m[2] === undefined) expressions.push({ op: 'dim' });
    else expressions.push({ op: m[2] as 'floordiv' | 'mod', by: Number(m[3]) });
  }
  return { rank: dims.length, order, expressions, levels };
}

/**
 * Checks that the levels' expressions describe each of `rank` dimensions exactly once: one
 * `d` level, or one `d floordiv k` and one `d mod k` level with the same positive `k`.
 */
export function checkLevelMap(
  order: readonly number[],
  expressions: readonly LevelExpression[],
  rank: number,
  argument = 'format.map',
): void {
  const outside = order.findIndex((d) => !Number.isInteger(d) || d < 0 || d >= rank);
  if (outside >= 0 || order.length > 2 * rank) {
    throw new SparseFormatError(
      argument,
      `level ${Math.max(outside, 0)} stores dimension ${textOf(order[Math.max(outside, 0)])} of a rank-${rank} tensor`,
      `each of the ${rank} dimensions as ${SUPPORTED}`,
    );
  }
  for (let d = 0; d < rank; d++) {
    const uses = expressions.filter((_, l) => order[l] === d);
    const plain = uses.length === 1 && uses[0]?.op === 'dim';
    if (uses.some((e) => typeof e !== 'object' || e === null)) {
      throw new SparseFormatError(argument, `expected level expressions, got ${textOf(uses)}`);
    }
    const div = uses.find((e) => e.op === 'floordiv');
    const mod = uses.find((e) => e.op === 'mod');
    const blocked =
      uses.length === 2 &&
      div !== undefined &&
      mod !== undefined &&
      div.op !== 'dim' &&
      mod.op !== 'dim' &&
      div.by === mod.by &&
      Number.isSafeInteger(div.by) &&
      div.by >= 1;
    if (!plain && !blocked) {
      throw new SparseFormatError(
        argument,
        `dimension ${d} must be stored by one level 'd' or by one 'd floordiv k' and one 'd mod k' level (the same k >= 1), got ${uses.length === 0 ? 'no level' : uses.map((e) => expressionText(e)).join(', ')}`,
        `each dimension as ${SUPPORTED}`,
      );
    }
  }
}

/** An expression as MLIR writes it, with `d` for its dimension. */
function expressionText(e: LevelExpression, d = 'd'): string {
  return e.op === 'dim' ? d : `${d} ${e.op} ${e.by}`;
}

/** The map text of a format (`(d0, d1) -> (d0 floordiv 2 : dense, ...)`), as MLIR writes it. */
export function levelMapText(format: {
  readonly levels: readonly string[];
  readonly order: readonly number[];
  readonly expressions?: readonly LevelExpression[];
}): string {
  const f = format as Partial<typeof format> | null;
  if (
    typeof f !== 'object' ||
    f === null ||
    !Array.isArray(f.levels) ||
    !Array.isArray(f.order) ||
    f.order.length !== f.levels.length ||
    f.order.some((d) => !Number.isInteger(d) || d < 0 || d >= f.order!.length) ||
    (f.expressions !== undefined &&
      (!Array.isArray(f.expressions) || f.expressions.length !== f.levels.length))
  ) {
    throw new SparseFormatError(
      'format',
      `expected a resolved format (see resolveFormat), got ${textOf(format)}`,
    );
  }
  const rank = format.order.length === 0 ? 0 : Math.max(...format.order) + 1;
  const dims = Array.from({ length: rank }, (_, d) => `d${d}`);
  const levels = format.levels.map((lt, l) => {
    const e = format.expressions?.[l] ?? { op: 'dim' as const };
    return `${expressionText(e, `d${format.order[l]}`)} : ${lt}`;
  });
  return `(${dims.join(', ')}) -> (${levels.join(', ')})`;
}

/**
 * The level sizes of a tensor of `shape`: `shape[d]`, `shape[d] / k` or `k`. A block that does
 * not divide its dimension is a {@link SparseFormatError} naming `shape`.
 */
export function mappedLevelSizes(
  shape: readonly number[],
  order: readonly number[],
  expressions: readonly LevelExpression[] | undefined,
): number[] {
  return order.map((d, l) => {
    const n = shape[d] as number;
    const e = expressions?.[l];
    if (e === undefined || e.op === 'dim') return n;
    if (n % e.by !== 0) {
      throw new SparseFormatError(
        'shape',
        `dimension ${d} has size ${n}, not a multiple of the block size ${e.by} of level ${l} (d${d} ${e.op} ${e.by}); pad the tensor to a multiple of ${e.by}`,
        `dimension ${d} a multiple of ${e.by}`,
      );
    }
    return e.op === 'floordiv' ? n / e.by : e.by;
  });
}

/** The level coordinates of entries given per dimension. */
export function levelCoordinatesOf(
  dims: readonly ArrayLike<number>[],
  count: number,
  order: readonly number[],
  expressions: readonly LevelExpression[],
): Float64Array[] {
  return order.map((d, l) => {
    const from = dims[d] as ArrayLike<number>;
    const e = expressions[l] as LevelExpression;
    const out = new Float64Array(count);
    if (e.op === 'dim') for (let k = 0; k < count; k++) out[k] = from[k] as number;
    else if (e.op === 'floordiv') {
      for (let k = 0; k < count; k++) out[k] = Math.floor((from[k] as number) / e.by);
    } else for (let k = 0; k < count; k++) out[k] = (from[k] as number) % e.by;
    return out;
  });
}

/** The dimension coordinates of entries given per level (`block * k + offset`). */
export function dimensionCoordinatesOf(
  levels: readonly ArrayLike<number>[],
  count: number,
  rank: number,
  order: readonly number[],
  expressions: readonly LevelExpression[],
): Float64Array[] {
  const dims = Array.from({ length: rank }, () => new Float64Array(count));
  order.forEach((d, l) => {
    const into = dims[d] as Float64Array;
    const from = levels[l] as ArrayLike<number>;
    const e = expressions[l] as LevelExpression;
    const scale = e.op === 'floordiv' ? e.by : 1;
    for (let k = 0; k < count; k++) into[k] = (into[k] as number) + (from[k] as number) * scale;
  });
  return dims;
}
