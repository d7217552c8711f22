/**
 * Resolves a parsed kernel against its formats: which tensors are sparse, the index variable
 * of every storage level, the loop order (a topological order of the level orders, like
 * MLIR's sparsifier) and which indices are reductions.
 */
import {
  type FormatSpec,
  isUnique,
  resolveFormat,
  type SparseFormat,
  type StorageWidth,
} from '../sparse-tensor/format.js';
import { SparsifyError } from './errors.js';
import { type AccessExpr, accessesOf, type Notation } from './notation.js';

/** Value element types the emitter supports. */
export type ValueType = 'f32' | 'f64' | 'i32' | 'i64';

/** One tensor of the kernel. */
export interface TensorPlan {
  readonly name: string;
  /** Index variables in dimension order. */
  readonly indices: readonly string[];
  /** Storage format; `undefined` for plain dense (row-major memref) tensors and scalars. */
  readonly format: SparseFormat | undefined;
  /** Index variable of each storage level (dimension order for plain dense tensors). */
  readonly levelIndices: readonly string[];
}

/** Everything the loop emitter needs to know about a kernel. */
export interface KernelPlan {
  readonly notation: Notation;
  readonly valueType: ValueType;
  /** Input tensors in order of first appearance. */
  readonly inputs: readonly TensorPlan[];
  readonly output: TensorPlan;
  /** Index variables in order of first appearance (the order of the size arguments). */
  readonly indexVars: readonly string[];
  /** Loop nest order, outermost first. */
  readonly loopOrder: readonly string[];
  /** Indices that do not appear in the output. */
  readonly reductions: ReadonlySet<string>;
}

/** Options shared by planning and emission. */
export interface PlanOptions {
  readonly valueType?: ValueType;
  /** Width of positions for formats that do not name one (default 32). */
  readonly posWidth?: StorageWidth;
  /** Width of coordinates for formats that do not name one (default 32). */
  readonly crdWidth?: StorageWidth;
}

const VALUE_TYPES: ReadonlySet<string> = new Set(['f32', 'f64', 'i32', 'i64']);

/** Plans `notation` with per-tensor `formats` (tensors not named are dense). */
export function planKernel(
  notation: Notation,
  formats: Readonly<Record<string, FormatSpec>>,
  options: PlanOptions = {},
): KernelPlan {
  const valueType = options.valueType ?? 'f32';
  if (!VALUE_TYPES.has(valueType)) {
    throw new SparsifyError(
      'options.valueType',
      `must be one of f32, f64, i32, i64, got ${String(valueType)}`,
    );
  }
  const accesses = accessesOf(notation.rhs);
  const byName = new Map<string, AccessExpr>();
  for (const a of accesses) {
    const seen = byName.get(a.tensor);
    if (seen !== undefined && seen.indices.join(',') !== a.indices.join(',')) {
      throw new SparsifyError(
        'expression',
        `tensor ${a.tensor} is accessed with two index patterns`,
      );
    }
    byName.set(a.tensor, a);
    checkDistinct(a);
  }
  const out = notation.output;
  checkDistinct(out);
  if (byName.has(out.tensor)) {
    throw new SparsifyError(
      'expression',
      `the output ${out.tensor} also appears on the right-hand side; use += or *=`,
    );
  }
  for (const name of Object.keys(formats)) {
    if (!byName.has(name) && name !== out.tensor) {
      throw new SparsifyError(`formats.${name}`, `no tensor named ${name} in "${notation.source}"`);
    }
  }
  const widths = {
    ...(options.posWidth === undefined ? {} : { posWidth: options.posWidth }),
    ...(options.crdWidth === undefined ? {} : { crdWidth: options.crdWidth }),
  };
  const plan = (a: AccessExpr): TensorPlan => {
    const spec = formats[a.tensor];
    const format =
      spec === undefined || a.indices.length === 0
        ? undefined
        : resolveFormat(spec, a.indices.length, widthsFor(spec, widths));
    const plainDense =
      format === undefined ||
      (format.levels.every((l) => l === 'dense') && format.order.every((d, l) => d === l));
    const resolved = plainDense ? undefined : format;
    return {
      name: a.tensor,
      indices: a.indices,
      format: resolved,
      levelIndices:
        resolved === undefined ? a.indices : resolved.order.map((d) => a.indices[d] as string),
    };
  };
  const inputs = [...byName.values()].map(plan);
  const output = plan(out);
  if (output.format !== undefined) {
    throw new SparsifyError(`formats.${out.tensor}`, 'the output must be dense (row-major)');
  }
  const indexVars = [...new Set([...out.indices, ...accesses.flatMap((a) => a.indices)])];
  const missing = out.indices.find((i) => !accesses.some((a) => a.indices.includes(i)));
  if (missing !== undefined && accesses.length > 0) {
    throw new SparsifyError(
      'expression',
      `output index ${missing} does not appear on the right-hand side`,
    );
  }
  for (const t of inputs) checkCooUse(t);
  const reductions = new Set(indexVars.filter((i) => !out.indices.includes(i)));
  const loopOrder = chooseLoopOrder(indexVars, [output, ...inputs], notation.source);
  return { notation, valueType, inputs, output, indexVars, loopOrder, reductions };
}

/** Options widths apply only where the format spec itself names none. */
function widthsFor(spec: FormatSpec, widths: { posWidth?: StorageWidth; crdWidth?: StorageWidth }) {
  if (typeof spec === 'object' && !Array.isArray(spec)) {
    const named = spec as { posWidth?: StorageWidth; crdWidth?: StorageWidth };
    const posWidth = named.posWidth ?? widths.posWidth;
    const crdWidth = named.crdWidth ?? widths.crdWidth;
    return {
      ...(posWidth === undefined ? {} : { posWidth }),
      ...(crdWidth === undefined ? {} : { crdWidth }),
    };
  }
  return widths;
}

function checkDistinct(a: AccessExpr): void {
  if (new Set(a.indices).size !== a.indices.length) {
    throw new SparsifyError(
      'expression',
      `${a.tensor}(${a.indices.join(',')}) repeats an index (diagonals are not supported)`,
    );
  }
}

/** Non-unique (COO) levels are only iterated, never located: they must not be dense-parented. */
function checkCooUse(t: TensorPlan): void {
  const levels = t.format?.levels ?? [];
  levels.forEach((lt, l) => {
    if (!isUnique(lt) && l > 0 && levels[l - 1] === 'dense') {
      throw new SparsifyError(
        `formats.${t.name}`,
        'a non-unique level below a dense level is not supported',
      );
    }
  });
}

/**
 * A loop order in which every tensor's levels are visited outer to inner. Ties go to the
 * index that appears first in the notation. When the dense tensors' row-major orders
 * conflict with the sparse ones, only the sparse constraints are kept (dense operands are
 * random access), as MLIR does.
 */
export function chooseLoopOrder(
  indexVars: readonly string[],
  tensors: readonly TensorPlan[],
  source: string,
): string[] {
  const attempt = (constraining: readonly TensorPlan[]): string[] | undefined => {
    const before = new Map<string, Set<string>>(indexVars.map((i) => [i, new Set<string>()]));
    for (const t of constraining) {
      for (let l = 1; l < t.levelIndices.length; l++) {
        before.get(t.levelIndices[l] as string)?.add(t.levelIndices[l - 1] as string);
      }
    }
    const order: string[] = [];
    while (order.length < indexVars.length) {
      const next = indexVars.find(
        (i) => !order.includes(i) && [...(before.get(i) ?? [])].every((p) => order.includes(p)),
      );
      if (next === undefined) return undefined;
      order.push(next);
    }
    return order;
  };
  const order = attempt(tensors) ?? attempt(tensors.filter((t) => t.format !== undefined));
  if (order === undefined) {
    throw new SparsifyError(
      'formats',
      `no loop order visits every sparse tensor's levels in storage order in "${source}"`,
    );
  }
  return order;
}
