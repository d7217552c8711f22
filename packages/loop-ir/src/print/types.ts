/** Type printing in MLIR syntax. */

import { MAX_TYPE_DEPTH, type Type } from '../ir/types.js';
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { expectType } from '../value-argument-checks.js';

/**
 * Prints a type: `f32`, `vector<[4]xf32>`, `memref<?x4xi32>`, `(f32) -> f32`.
 * @throws LoopIrArgumentError when `t` is no type (a type inside it is named: `t.element`).
 */
export function printType(t: Type): string {
  return printTypeAt(t, 't', 0);
}

/** `printType` of `t`, checked as it is printed; `argument` names it. */
export function printTypeAt(t: Type, argument: string, depth = 0): string {
  expectType(t, argument);
  if (depth > MAX_TYPE_DEPTH) {
    throw new LoopIrArgumentError(argument, `a Type nested at most ${MAX_TYPE_DEPTH} deep`, t);
  }
  const next = depth + 1;
  switch (t.kind) {
    case 'index':
      return 'index';
    case 'integer':
      return `i${t.width}`;
    case 'float':
      return t.format;
    case 'vector': {
      const dims = t.shape.map((d, i) => (t.scalableDims[i] ? `[${d}]` : `${d}`));
      return `vector<${dims.join('x')}x${printTypeAt(t.element, `${argument}.element`, next)}>`;
    }
    case 'memref': {
      const dims = t.shape.map((d) => `${d}x`).join('');
      const layout =
        t.layout === undefined
          ? ''
          : `, strided<[${t.layout.strides.join(', ')}]${t.layout.offset === 0 ? '' : `, offset: ${t.layout.offset}`}>`;
      return `memref<${dims}${printTypeAt(t.element, `${argument}.element`, next)}${layout}>`;
    }
    case 'function': {
      const list = (types: readonly Type[], field: string) =>
        types.map((u, i) => printTypeAt(u, `${argument}.${field}[${i}]`, next)).join(', ');
      const inputs = `(${list(t.inputs, 'inputs')})`;
      const only = t.results[0];
      const results =
        t.results.length === 1 &&
        typeof only === 'object' &&
        only !== null &&
        only.kind !== 'function'
          ? printTypeAt(only, `${argument}.results[0]`, next)
          : `(${list(t.results, 'results')})`;
      return `${inputs} -> ${results}`;
    }
  }
}

/** Prints a comma-separated type list. */
export function printTypes(types: readonly Type[]): string {
  return types.map(printType).join(', ');
}
