/**
 * Resolves a parsed kernel against its formats: which tensors are sparse, the index variable
 * of every storage level, the loop order (a topological order of the level orders, like
 * MLIR's sparsifier) and which indices are reductions.
 */
import {
  type FormatSpec,
  levelsOf,
  resolveFormat,
  type SparseFormat,
  type StorageWidth,
} from '../../sparse-tensor/format.js';
import { SparsifyError } from '../errors.js';
import { accessVariables } from './affine-subscript.js';
import { blockFormatError } from './block-formats.js';
import type { AccessExpr, AffineSubscript, Expr, Notation, Reducer } from './expression.js';
import type { KernelPlan, PlanOptions, TensorPlan } from './kernel-plan.js';
import { locatableFormat } from './locatable-format.js';
import { accessesOf, mapExpr } from './notation.js';
import { freeIndicesOf, planReductions } from './reductions.js';
import { type Reinterpretation, reinterpretOperands } from './reinterpret.js';

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
  const missing = out.indices.find((i) => !accesses.some((a) => accessVariables(a).includes(i)));
  if (missing !== undefined && accesses.length > 0) {
    throw new SparsifyError(
      'expression',
      `output index ${missing} does not appear on the right-hand side`,
    );
  }
  const unsized = freeIndicesOf(notation.rhs).find(
    (i) => !out.indices.includes(i) && !accesses.some((a) => accessVariables(a).includes(i)),
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
    if (format?.expressions !== undefined) throw blockFormatError(tensor);
    const plainDense =
      format === undefined ||
      (levelsOf(format).every((l) => l.iteration === 'range') &&
        format.order.every((d, l) => d === l));
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
  if (sparseOutput !== undefined && stages.reducer !== 'sum') {
    throw new SparsifyError(
      `formats.${out.tensor}`,
      `a ${stages.reducer} reduction needs a dense output (a sparse one would not store the zeros it computes where every term is absent); reduce into a dense ${out.tensor}, then convert it`,
    );
  }
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
    reducer: Reducer,
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
        if (source.subscripts !== undefined) plan = located(plan, source.subscripts);
        operandPlans.set(a.tensor, plan);
        if (plan.argument === undefined) inputs.push(plan);
      }
      operands.push(plan);
    }
    for (const t of operands) if (t.subscripts === undefined) checkCooUse(t);
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
    // Operands read through affine subscripts are located, not iterated: they neither order
    // the loops nor co-iterate, and are converted only to a format they can be located in.
    const iterated = operands.filter((t) => t.subscripts === undefined);
    const { loopOrder, converted } =
      reducer === 'sum'
        ? reinterpretOperands(vars, binding, iterated, body, notation.source)
        : extremumOrder(vars, binding, iterated, body, notation.source, reduced);
    const stageOperands = operands.map((t) => {
      const format = t.subscripts === undefined ? converted.get(t.name) : locatedConversion(t);
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
        levelIndices:
          t.subscripts === undefined ? format.order.map((d) => t.indices[d] as string) : [],
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
      reducer,
      temporaries: [],
    };
  };
  const temporaries = stages.temporaries.map((t) =>
    planStage(
      t.rhs,
      { name: t.name, indices: t.indices, format: undefined, levelIndices: t.indices },
      t.reduced,
      '=',
      t.reducer,
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
  const main = planStage(stages.rhs, output, stages.reduced, notation.op, stages.reducer);
  const indexVars = [...new Set([...out.indices, ...accesses.flatMap(accessVariables)])];
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

/**
 * The loop order of a `min`/`max` stage: its reductions nest inside every output loop (each
 * output element's reduction then runs once, from the identity, in registers), and its operands'
 * levels are unique (the emitter counts the coordinates a level stores); operands that disagree
 * are converted. The order the operands prefer is kept where it already nests so.
 */
function extremumOrder(
  vars: readonly string[],
  output: TensorPlan,
  operands: readonly TensorPlan[],
  body: Expr,
  source: string,
  reduced: readonly string[],
): Reinterpretation {
  const preferred = reinterpretOperands(vars, output, operands, body, source, true);
  const depth = (i: string) => preferred.loopOrder.indexOf(i);
  const lastOutput = Math.max(-1, ...output.indices.map(depth));
  if (reduced.every((i) => depth(i) > lastOutput)) return preferred;
  // A stand-in sparse output whose levels are the output indices, then the reductions, in the
  // preferred order: a tensor with a format is a constraint the loop order cannot drop.
  const chain = [
    ...preferred.loopOrder.filter((i) => output.indices.includes(i)),
    ...preferred.loopOrder.filter((i) => reduced.includes(i)),
  ];
  const binding: TensorPlan = {
    name: output.name,
    indices: chain,
    format: {
      levels: chain.map(() => 'dense'),
      order: chain.map((_, d) => d),
      posWidth: 32,
      crdWidth: 32,
    },
    levelIndices: chain,
  };
  return reinterpretOperands(vars, binding, operands, body, source, true);
}

/** `t` read through affine `subscripts`: located at every element, so it orders no loop. */
function located(t: TensorPlan, subscripts: readonly AffineSubscript[]): TensorPlan {
  return { ...t, subscripts, levelIndices: [] };
}

/** The format a located operand is converted to, where its own cannot be located in. */
function locatedConversion(t: TensorPlan): SparseFormat | undefined {
  if (t.format === undefined) return undefined;
  const format = locatableFormat(t.format);
  return format.levels.every((lt, l) => lt === t.format?.levels[l]) ? undefined : format;
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
  // A located access reads any element, the same index twice included.
  if (a.subscripts === undefined && new Set(a.indices).size !== a.indices.length) {
    throw new SparsifyError(
      'expression',
      `${a.tensor}(${a.indices.join(',')}) repeats an index (diagonals are not supported)`,
    );
  }
}

/** Non-unique (COO) levels are only iterated, never located: they must not be dense-parented. */
function checkCooUse(t: TensorPlan): void {
  const levels = t.format === undefined ? [] : levelsOf(t.format);
  levels.forEach((level, l) => {
    if (!level.unique && levels[l - 1]?.iteration === 'range') {
      throw new SparsifyError(
        `formats.${t.name}`,
        'a non-unique level below a dense level is not supported',
      );
    }
  });
}
