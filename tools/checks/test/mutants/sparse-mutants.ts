/**
 * Deliberately broken sparse implementations: each wraps `@tilekit/sparse`'s conformance adapter
 * and breaks exactly one rule of the sparse suite.
 */

import type { SparseImpl, SparseRequest } from '@tilekit/conformance';
import { sparseConformanceImpl } from '@tilekit/sparse';

/** The real implementation (scalar loops on the js engine), as the suite drives it. */
export const realSparse: SparseImpl = sparseConformanceImpl({ engine: 'js' });

/** Index variables of every tensor access in `text` (innermost parentheses of names only). */
function accessIndices(text: string): Set<string> {
  const found = new Set<string>();
  for (const [, list] of text.matchAll(/[A-Za-z_]\w*\(([^()]*)\)/g)) {
    const names = (list as string).split(',').map((s) => s.trim());
    if (names.every((n) => /^[A-Za-z_]\w*$/.test(n))) for (const n of names) found.add(n);
  }
  return found;
}

/**
 * Reductions over the whole right-hand side (MLIR's `linalg.generic` reading) instead of over the
 * smallest subexpression holding the index, as TACO places them: `r(i) = b(i) - A(i,k)*x(k)`
 * becomes `r(i) = sum(k, b(i) - A(i,k)*x(k))`.
 */
export function reductionsOverWholeExpression(real: SparseImpl = realSparse): SparseImpl {
  return {
    run(request: SparseRequest) {
      const assign = /\+=|\*=|=/.exec(request.expression);
      if (assign === null || assign[0] === '*=') return real.run(request);
      const lhs = request.expression.slice(0, assign.index);
      let rhs = request.expression.slice(assign.index + assign[0].length).trim();
      const output = accessIndices(lhs);
      for (const index of accessIndices(rhs)) {
        const summed = new RegExp(`sum\\(\\s*${index}\\s*,`).test(rhs);
        if (!output.has(index) && !summed) rhs = `sum(${index}, ${rhs})`;
      }
      return real.run({ ...request, expression: `${lhs}${assign[0]} ${rhs}` });
    },
  };
}

/** A sparse output's first entry stored twice. */
export function firstEntryStoredTwice(real: SparseImpl = realSparse): SparseImpl {
  return {
    async run(request: SparseRequest) {
      const result = await real.run(request);
      if (!('coordinates' in result) || result.coordinates.length === 0) return result;
      const values = Array.from(result.values);
      return {
        coordinates: [result.coordinates[0] as number[], ...result.coordinates],
        values: [values[0] as number, ...values],
      };
    },
  };
}
