/**
 * Seeded operands of a sparse case: dense row-major data with a random pattern for operands
 * that have a format, fully populated data for dense ones (never zero, so they can divide),
 * and the output's initial contents for `+=` and `*=`.
 */
import { seededRandom } from '../../generators/seeded-random.js';
import type { SparseCase } from './sparse-cases.js';
import type { DenseTensor } from './sparse-impl.js';

const FUNCTION_NAMES = new Set(['sum', 'sqrt', 'exp', 'abs', 'max', 'min']);
const ACCESS = /([A-Za-z_]\w*)\(([^()]*)\)/g;

/** A tensor access of the notation: its name and index variables. */
export interface Access {
  readonly name: string;
  readonly indices: readonly string[];
}

/** The output access and the input tensor accesses (one per name) of `expression`. */
export function accessesOf(expression: string): { output: Access; inputs: Access[] } {
  const at = expression.search(/\+=|\*=|=/);
  const lhs = expression.slice(0, at).trim();
  const rhs = expression.slice(at);
  const lhsMatch = /^([A-Za-z_]\w*)(?:\(([^()]*)\))?$/.exec(lhs);
  if (lhsMatch === null) throw new Error(`sparse case: cannot read the output of "${expression}"`);
  const split = (list: string | undefined) =>
    list === undefined || list.trim() === '' ? [] : list.split(',').map((s) => s.trim());
  const output = { name: lhsMatch[1] as string, indices: split(lhsMatch[2]) };
  const inputs = new Map<string, Access>();
  for (const m of rhs.matchAll(ACCESS)) {
    const name = m[1] as string;
    const indices = split(m[2]);
    // Innermost parentheses hold index variables only when they are a tensor access.
    if (FUNCTION_NAMES.has(name) || inputs.has(name)) continue;
    if (indices.every((i) => /^[A-Za-z_]\w*$/.test(i))) inputs.set(name, { name, indices });
  }
  return { output, inputs: [...inputs.values()] };
}

/** Extents of `indices` in the case. */
export function shapeOf(c: SparseCase, indices: readonly string[]): number[] {
  return indices.map((i) => {
    const extent = c.extents[i];
    if (extent === undefined) throw new Error(`sparse case ${c.name}: no extent for index ${i}`);
    return extent;
  });
}

/** One generated set of operands and the output's initial contents. */
export interface GeneratedOperands {
  readonly operands: Record<string, DenseTensor | number>;
  readonly output: DenseTensor & { readonly name: string };
}

/**
 * Draws the operands of `c` from the stream `seed`: integers in `[-4, 4]` (or `[1, 9]` when
 * positive) for `i32` kernels, float values of the value type's precision otherwise.
 */
export function generateOperands(c: SparseCase, seed: number): GeneratedOperands {
  const random = seededRandom(seed);
  const { output, inputs } = accessesOf(c.expression);
  const positive = c.values === 'positive';
  const value = (): number => {
    const magnitude =
      c.valueType === 'i32' ? 1 + Math.floor(random() * (positive ? 9 : 4)) : 0.25 + random() * 4;
    const signed = positive || random() < 0.5 ? magnitude : -magnitude;
    return c.valueType === 'f32' ? Math.fround(signed) : signed;
  };
  const fill = (shape: readonly number[], density: number): number[] => {
    const size = shape.reduce((n, d) => n * d, 1);
    return Array.from({ length: size }, () => (random() < density ? value() : 0));
  };
  const operands: Record<string, DenseTensor | number> = { ...c.scalars };
  for (const access of inputs) {
    if (access.name === output.name) continue;
    const shape = shapeOf(c, access.indices);
    const sparse = c.formats[access.name] !== undefined && c.formats[access.name] !== 'dense';
    operands[access.name] = { data: fill(shape, sparse ? (c.density ?? 0.3) : 1), shape };
  }
  const outShape = shapeOf(c, output.indices);
  const assign = /\*=/.test(c.expression) ? '*=' : /\+=/.test(c.expression) ? '+=' : '=';
  const initial =
    assign === '='
      ? new Array<number>(outShape.reduce((n, d) => n * d, 1)).fill(0)
      : fill(outShape, c.formats[output.name] === undefined ? 1 : (c.density ?? 0.3));
  return { operands, output: { name: output.name, data: initial, shape: outShape } };
}
