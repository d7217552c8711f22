/**
 * The shader code both GPU backends assemble sparse results with (WGSL on webgpu, GLSL on
 * webgl; a {@link ShaderDialect} says how each declares things): walking one output row's
 * columns in ascending order, and summing the value at a column.
 * - A product row (SpGEMM) is walked without a workspace: each step takes the smallest column
 *   above the last one among the rows of `B` that `A`'s row selects, by a binary search in each.
 * - A union (sum) or intersection (element-wise product) merges row `i` of `A` and of `B`: each
 *   step consumes every entry at the smaller column (repeats too, as COO storage may hold).
 * - A value is summed in the order the cpu backend's host assembly sums it: its terms in `A`'s
 *   entry order, then `B`'s, one IEEE operation at a time from a zero that is a uniform (so
 *   `0 + x` cannot fold to `x`), so the bits are the host's wherever the GPU rounds each
 *   operation and keeps subnormals.
 * Malformed storage (the GPU backends clamp indices, they do not sort) gives wrong entries,
 * never a read outside an operand or a loop without end: every step moves a cursor or raises
 * the last column.
 */

/** How the operands' entries combine: SpGEMM, a sum's union, a product's intersection. */
export type AssemblyCombine = 'product' | 'union' | 'intersection';

/** What the numeric pass writes. */
export type AssemblyPart = 'coordinates' | 'values';

/** No column: above every column an int32 coordinate can hold. */
export const NONE = '2147483647';

/** How a shading language spells what the walk needs. */
export interface ShaderDialect {
  /** A statement declaring the mutable int `name` set to `init`. */
  int(name: string, init: string): string;
  /** A statement declaring the mutable value `name` (the values' type) set to `init`. */
  value(name: string, init: string): string;
  /** A function of int parameters `params` returning an int. */
  intFunction(name: string, params: readonly string[], body: string): string;
  /** The value zero (read from a uniform). */
  readonly zero: string;
  /** A function `name(at)` reading element `at` of the pass's input `input` (an int or a value). */
  reader(name: string, input: string, kind: 'int' | 'value'): string;
}

/**
 * The readers `posA(i)`, `crdA(p)`, `posB(k)`, `crdB(q)` (ints), with `values` also `valA(p)`
 * and `valB(q)`, over the pass's inputs.
 */
export function readers(d: ShaderDialect, values: boolean): string {
  return [
    d.reader('posA', 'aPos', 'int'),
    d.reader('crdA', 'aCrd', 'int'),
    d.reader('posB', 'bPos', 'int'),
    d.reader('crdB', 'bCrd', 'int'),
    ...(values ? [d.reader('valA', 'aVal', 'value'), d.reader('valB', 'bVal', 'value')] : []),
  ].join('\n');
}

/** `lowerBound`, `nextInRow` and `nextProductColumn` (the product walk's steps). */
export function walkFunctions(d: ShaderDialect): string {
  return [
    d.intFunction(
      'lowerBound',
      ['start', 'end', 'column'],
      `${d.int('lo', 'start')}
      ${d.int('hi', 'end')}
      while (lo < hi) {
        ${d.int('mid', 'lo + (hi - lo) / 2')}
        if (crdB(mid) < column) { lo = mid + 1; } else { hi = mid; }
      }
      return lo;`,
    ),
    // The smallest column above `last` that row `k` of B stores, or NONE.
    d.intFunction(
      'nextInRow',
      ['k', 'last'],
      `${d.int('end', 'posB(k + 1)')}
      ${d.int('q', 'lowerBound(posB(k), end, last + 1)')}
      if (q < end) {
        if (crdB(q) > last) { return crdB(q); }
      }
      return ${NONE};`,
    ),
    // The smallest column above `last` among the rows of B that row `i` of A selects, or NONE.
    d.intFunction(
      'nextProductColumn',
      ['i', 'last'],
      `${d.int('next', NONE)}
      for (${d.int('p', 'posA(i)')} p < posA(i + 1); p = p + 1) {
        next = min(next, nextInRow(crdA(p), last));
      }
      return next;`,
    ),
  ].join('\n');
}

/**
 * Code walking row `i`'s output columns (`column`) in ascending order, running `visit` at each
 * (`break` in it ends the walk).
 */
export function walkRow(d: ShaderDialect, combine: AssemblyCombine, visit: string): string {
  if (combine === 'product')
    return `
      ${d.int('column', 'nextProductColumn(i, -1)')}
      while (column != ${NONE}) {
        ${visit}
        column = nextProductColumn(i, column);
      }`;
  const keep = combine === 'union' ? 'true' : 'ca == cb';
  return `
      ${d.int('p', 'posA(i)')}
      ${d.int('pEnd', 'posA(i + 1)')}
      ${d.int('q', 'posB(i)')}
      ${d.int('qEnd', 'posB(i + 1)')}
      while (true) {
        ${d.int('ca', NONE)}
        if (p < pEnd) { ca = crdA(p); }
        ${d.int('cb', NONE)}
        if (q < qEnd) { cb = crdB(q); }
        ${d.int('column', 'min(ca, cb)')}
        if (column == ${NONE}) { break; }
        ${d.int('pRun', 'p')}
        while (p < pEnd) {
          if (crdA(p) != column) { break; }
          p = p + 1;
        }
        ${d.int('qRun', 'q')}
        while (q < qEnd) {
          if (crdB(q) != column) { break; }
          q = q + 1;
        }
        if (${keep}) {
          ${visit}
        }
      }`;
}

/** Code declaring `value`: the output value at `column` of row `i` (inside {@link walkRow}). */
export function valueAt(d: ShaderDialect, combine: AssemblyCombine): string {
  if (combine === 'product')
    return `
        ${d.value('value', d.zero)}
        for (${d.int('s', 'posA(i)')} s < posA(i + 1); s = s + 1) {
          ${d.int('k', 'crdA(s)')}
          ${d.int('end', 'posB(k + 1)')}
          for (${d.int('t', 'lowerBound(posB(k), end, column)')} t < end; t = t + 1) {
            if (crdB(t) != column) { break; }
            ${d.value('term', 'valA(s) * valB(t)')}
            value = value + term;
          }
        }`;
  if (combine === 'union')
    return `
        ${d.value('left', d.zero)}
        for (${d.int('s', 'pRun')} s < p; s = s + 1) { left = left + valA(s); }
        ${d.value('right', d.zero)}
        for (${d.int('t', 'qRun')} t < q; t = t + 1) { right = right + valB(t); }
        ${d.value('value', 'left + right')}`;
  return `
        ${d.value('value', d.zero)}
        for (${d.int('s', 'pRun')} s < p; s = s + 1) {
          for (${d.int('t', 'qRun')} t < q; t = t + 1) {
            ${d.value('term', 'valA(s) * valB(t)')}
            value = value + term;
          }
        }`;
}
