/** Type printing in MLIR syntax. */
import type { Type } from '../ir/types.js';

/** Prints a type: `f32`, `vector<[4]xf32>`, `memref<?x4xi32>`, `(f32) -> f32`. */
export function printType(t: Type): string {
  switch (t.kind) {
    case 'index':
      return 'index';
    case 'integer':
      return `i${t.width}`;
    case 'float':
      return t.format;
    case 'vector': {
      const dims = t.shape.map((d, i) => (t.scalableDims[i] ? `[${d}]` : `${d}`));
      return `vector<${dims.join('x')}x${printType(t.element)}>`;
    }
    case 'memref': {
      const dims = t.shape.map((d) => `${d}x`).join('');
      const layout =
        t.layout === undefined
          ? ''
          : `, strided<[${t.layout.strides.join(', ')}]${t.layout.offset === 0 ? '' : `, offset: ${t.layout.offset}`}>`;
      return `memref<${dims}${printType(t.element)}${layout}>`;
    }
    case 'function': {
      const inputs = `(${t.inputs.map(printType).join(', ')})`;
      const only = t.results[0];
      const results =
        t.results.length === 1 && only !== undefined && only.kind !== 'function'
          ? printType(only)
          : `(${t.results.map(printType).join(', ')})`;
      return `${inputs} -> ${results}`;
    }
  }
}

/** Prints a comma-separated type list. */
export function printTypes(types: readonly Type[]): string {
  return types.map(printType).join(', ');
}
