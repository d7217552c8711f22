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
import { type AccessExpr, accessesOf, type Expr, mapExpr, type Notation } from './notation.js';
import { freeIndicesOf, planReductions } from './reductions.js';
import { reinterpretOperands } from './reinterpret.js';

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
  /**
   * An operand's input: the kernel argument whose arrays it reads (absent: the input named
   * `name`). Another index pattern of a tensor (`A(j,k)` beside `A(i,k)`) reads `A`'s arrays.
   */
  readonly argument?: string;
  /** An input's caller operand (absent: `name`); set on converted copies. */
  readonly source?: string;
  /**
   * The caller's format of an input that the kernel iterates in `format` instead (a level
   * order conflict or a COO operand co-iterated with another sparse operand): binding
   * converts it, like the `sparse_tensor.convert` MLIR's `--sparse-reinterpret-map` inserts.
   */
  readonly convertedFrom?: SparseFormat;
}

/** Everything the loop emitter needs to know about a kernel. */
export interface KernelPlan {
  /** The kernel; for a planned kernel `rhs` is the main loop nest's expression. */
  readonly notation: Notation;
  readonly valueType: ValueType;
  /**
   * The kernel's tensor arguments: each caller tensor in order of first appearance, then
   * converted copies (see {@link TensorPlan.convertedFrom}).
   */
  readonly inputs: readonly TensorPlan[];
  /**
   * What the loop nest reads: one operand per tensor and index pattern (temporaries
   * included), named as the accesses of `notation.rhs` name them.
   */
  readonly operands: readonly TensorPlan[];
  readonly output: TensorPlan;
  /** Index variables in order of first appearance (the order of the size arguments). */
  readonly indexVars: readonly string[];
  /** Loop nest order, outermost first (the index variables of this loop nest). */
  readonly loopOrder: readonly string[];
  /** Indices summed over the whole expression of this loop nest. */
  readonly reductions: ReadonlySet<string>;
  /**
   * Temporaries (TACO's `where`): dense tensors computed by their own loop nests before this
   * one, producers first; each plan's output is the temporary.
   */
  readonly temporaries: readonly KernelPlan[];
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

/**
 * Plans `notation` with per-tensor `formats` (tensors not named are dense). `sparseOutput` is
 * the output's format when it is sparse (see output-plan.ts, which assembles it): its level
 * order then binds the loop order like an input's, and inputs whose level order conflicts with
 * it are the ones converted; with `reductionsInside`, every reduction loop must also nest inside
 * all of the output's levels (in-order insertion needs no workspace then).
 */
export function planKernel(
  notation: Notation,
  formats: Readonly<Record<string, FormatSpec>>,
  options: PlanOptions = {},
  sparseOutput?: SparseFormat,
  reductionsInside = false,
): KernelPlan {
  const valueType = options.valueType ?? 'f32';
  if (!VALUE_TYPES.has(valueType)) {
    throw new SparsifyError(
      'options.valueType',
      `must be one of f32, f64, i32, i64, got ${String(valueType)}`,
    );
  }
  const formatOf = (name: string): FormatSpec | undefined =>
    Object.hasOwn(formats, name) ? formats[name] : undefined;
  const accesses = accessesOf(notation.rhs);
  const names = new Set(accesses.map((a) => a.tensor));
  for (const a of accesses) checkDistinct(a);
  const out = notation.output;
  checkDistinct(out);
  if (names.has(out.tensor)) {
    throw new SparsifyError(
      'expression',
      `the output ${out.tensor} also appears on the right-hand side; use += or *=`,
    );
  }
  for (const name of Object.keys(formats)) {
    if (!names.has(name) && name !== out.tensor) {
      throw new SparsifyError(`formats.${name}`, `no tensor named ${name} in "${notation.source}"`);
    }
  }
  const missing = out.indices.find((i) => !accesses.some((a) => a.indices.includes(i)));
  if (missing !== undefined && accesses.length > 0) {
    throw new SparsifyError(
      'expression',
      `output index ${missing} does not appear on the right-hand side`,
    );
  }
  const unsized = freeIndicesOf(notation.rhs).find(
    (i) => !out.indices.includes(i) && !accesses.some((a) => a.indices.includes(i)),
  );
  if (unsized !== undefined) {
    throw new SparsifyError(
      'expression',
      `index ${unsized} is used as a value but indexes no tensor, so its extent is unknown`,
    );
  }
  const widths = {
    ...(options.posWidth === undefined ? {} : { posWidth: options.posWidth }),
    ...(options.crdWidth === undefined ? {} : { crdWidth: options.crdWidth }),
  };
  const planAccess = (name: string, indices: readonly string[], tensor: string): TensorPlan => {
    const spec = formatOf(tensor);
    const format =
      spec === undefined || indices.length === 0
        ? undefined
        : resolveFormat(spec, indices.length, widthsFor(spec, widths));
    const plainDense =
      format === undefined ||
      (format.levels.every((l) => l === 'dense') && format.order.every((d, l) => d === l));
    const resolved = plainDense ? undefined : format;
    return {
      name,
      indices,
      format: resolved,
      levelIndices:
        resolved === undefined ? indices : resolved.order.map((d) => indices[d] as string),
      ...(name === tensor ? {} : { argument: tensor }),
    };
  };

  const stages = planReductions(notation);
  // One operand per tensor and index pattern: the first keeps the tensor's name.
  const operandNames = new Map<string, string>();
  const patterns = new Map<string, number>();
  const operandOf = (a: AccessExpr): string => {
    const key = `${a.tensor}(${a.indices.join(',')})`;
    let name = operandNames.get(key);
    if (name === undefined) {
      const n = (patterns.get(a.tensor) ?? 0) + 1;
      patterns.set(a.tensor, n);
      name = n === 1 ? a.tensor : `${a.tensor}#${n}`;
      operandNames.set(key, name);
    }
    return name;
  };
  const temporaryNames = new Set(stages.temporaries.map((t) => t.name));
  const renamed = (e: Expr): Expr =>
    mapExpr(e, (n) =>
      n.kind === 'access' && !temporaryNames.has(n.tensor) ? { ...n, tensor: operandOf(n) } : n,
    );
  const operandPlans = new Map<string, TensorPlan>();
  const inputs: TensorPlan[] = [];
  const conversions = new Map<string, TensorPlan>();
  const planStage = (
    rhs: Expr,
    output: TensorPlan,
    reduced: readonly string[],
    op: Notation['op'],
  ): KernelPlan => {
    const body = renamed(rhs);
    const operands: TensorPlan[] = [];
    for (const a of accessesOf(body)) {
      if (operands.some((t) => t.name === a.tensor)) continue;
      if (temporaryNames.has(a.tensor)) {
        operands.push({
          name: a.tensor,
          indices: a.indices,
          format: undefined,
          levelIndices: a.indices,
        });
        continue;
      }
      let plan = operandPlans.get(a.tensor);
      if (plan === undefined) {
        const source = accesses.find((x) => operandOf(x) === a.tensor) as AccessExpr;
        plan = planAccess(a.tensor, a.indices, source.tensor);
        operandPlans.set(a.tensor, plan);
        if (plan.argument === undefined) inputs.push(plan);
      }
      operands.push(plan);
    }
    for (const t of operands) checkCooUse(t);
    const vars = [...new Set([...output.indices, ...freeIndicesOf(body)])];
    const binding =
      reductionsInside && output.format !== undefined
        ? {
            ...output,
            levelIndices: [
              ...output.levelIndices,
              ...vars.filter((i) => !output.indices.includes(i)),
            ],
          }
        : output;
    const { loopOrder, converted } = reinterpretOperands(
      vars,
      binding,
      operands,
      body,
      notation.source,
    );
    const stageOperands = operands.map((t) => {
      const format = converted.get(t.name);
      if (format === undefined) return t;
      const source = t.argument ?? t.name;
      const key = `${source}:${format.levels.join()}:${format.order.join()}`;
      const copy = conversions.get(key) ?? {
        name: `${source}@${conversions.size + 1}`,
        indices: t.indices,
        format,
        levelIndices: format.order.map((d) => t.indices[d] as string),
        source,
        convertedFrom: t.format as SparseFormat,
      };
      conversions.set(key, copy);
      return {
        ...t,
        format,
        levelIndices: format.order.map((d) => t.indices[d] as string),
        argument: copy.name,
      };
    });
    return {
      notation: {
        source: notation.source,
        output: { kind: 'access', tensor: output.name, indices: output.indices },
        op,
        rhs: body,
      },
      valueType,
      inputs: [],
      operands: stageOperands,
      output,
      indexVars: [],
      loopOrder,
      reductions: new Set(reduced),
      temporaries: [],
    };
  };
  const temporaries = stages.temporaries.map((t) =>
    planStage(
      t.rhs,
      { name: t.name, indices: t.indices, format: undefined, levelIndices: t.indices },
      t.reduced,
      '=',
    ),
  );
  const dense = planAccess(out.tensor, out.indices, out.tensor);
  if (dense.format !== undefined) {
    throw new SparsifyError(`formats.${out.tensor}`, 'the output must be dense (row-major)');
  }
  const output =
    sparseOutput === undefined
      ? dense
      : {
          ...dense,
          format: sparseOutput,
          levelIndices: sparseOutput.order.map((d) => out.indices[d] as string),
        };
  const main = planStage(stages.rhs, output, stages.reduced, notation.op);
  const indexVars = [...new Set([...out.indices, ...accesses.flatMap((a) => a.indices)])];
  const firstUse = (t: TensorPlan) => accesses.findIndex((a) => a.tensor === t.name);
  inputs.sort((a, b) => firstUse(a) - firstUse(b));
  return {
    ...main,
    notation: { ...notation, rhs: main.notation.rhs },
    inputs: [...inputs, ...conversions.values()],
    indexVars,
    temporaries,
  };
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
