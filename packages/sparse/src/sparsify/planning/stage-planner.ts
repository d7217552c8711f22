/**
 * Plans the stages of one kernel (its temporaries, then the main stage; see reductions.ts for
 * how the notation is cut into them) against the tensors' formats. The stages share the
 * operands: a tensor accessed with one index pattern is one operand planned once, and an
 * operand converted to the same format by two stages is one converted copy.
 */
import {
  type FormatSpec,
  levelsOf,
  resolveFormat,
  type SparseFormat,
  type StorageWidth,
} from '../../sparse-tensor/format.js';
import { SparsifyError } from '../errors.js';
import { blockFormatError } from './block-formats.js';
import type { AccessExpr, AffineSubscript, Expr, Notation, Reducer } from './expression.js';
import type { KernelPlan, PlanOptions, TensorPlan } from './kernel-plan.js';
import { locatableFormat } from './locatable-format.js';
import { accessesOf, mapExpr } from './notation.js';
import { freeIndicesOf } from './reductions.js';
import { type Reinterpretation, reinterpretOperands } from './reinterpret.js';

/** Storage widths given in the options. */
type Widths = { posWidth?: StorageWidth; crdWidth?: StorageWidth };

/** What every stage of one kernel is planned against. */
export interface KernelContext {
  readonly notation: Notation;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  readonly options: PlanOptions;
  /** Every access of the kernel's right-hand side, in order. */
  readonly accesses: readonly AccessExpr[];
  /** Names of the temporaries the stages write and read. */
  readonly temporaryNames: ReadonlySet<string>;
  /** Whether every reduction loop must nest inside all of a sparse output's levels. */
  readonly reductionsInside: boolean;
  readonly valueType: KernelPlan['valueType'];
}

/** A tensor that is neither sparse nor permuted (a temporary, a plain dense operand). */
export function plainDensePlan(name: string, indices: readonly string[]): TensorPlan {
  return { name, indices, format: undefined, levelIndices: indices };
}

/** Plans the stages of one kernel, collecting the operands they read. */
export class StagePlanner {
  private readonly k: KernelContext;
  private readonly widths: Widths;
  /** Operand name of each tensor and index pattern: the first keeps the tensor's name. */
  private readonly operandNames = new Map<string, string>();
  /** How many index patterns of each tensor have an operand name. */
  private readonly patterns = new Map<string, number>();
  private readonly operandPlans = new Map<string, TensorPlan>();
  /** Operands bound to a caller's tensor of their own. */
  private readonly boundOperands: TensorPlan[] = [];
  /** Converted copies, by source tensor and format. */
  private readonly conversions = new Map<string, TensorPlan>();

  constructor(kernel: KernelContext) {
    this.k = kernel;
    const { posWidth, crdWidth } = kernel.options;
    this.widths = {
      ...(posWidth === undefined ? {} : { posWidth }),
      ...(crdWidth === undefined ? {} : { crdWidth }),
    };
  }

  /**
   * The plan of tensor `tensor` accessed as operand `name` with `indices`: its format when it
   * has one that is not plain row-major dense.
   */
  planAccess(name: string, indices: readonly string[], tensor: string): TensorPlan {
    const spec = Object.hasOwn(this.k.formats, tensor) ? this.k.formats[tensor] : undefined;
    const format =
      spec === undefined || indices.length === 0
        ? undefined
        : resolveFormat(spec, indices.length, widthsFor(spec, this.widths));
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
  }

  /** Plans one stage: `output op rhs`, reducing the indices `reduced` with `reducer`. */
  planStage(
    rhs: Expr,
    output: TensorPlan,
    reduced: readonly string[],
    op: Notation['op'],
    reducer: Reducer,
  ): KernelPlan {
    const body = mapExpr(rhs, (n) =>
      n.kind === 'access' && !this.k.temporaryNames.has(n.tensor)
        ? { ...n, tensor: this.operandOf(n) }
        : n,
    );
    const operands = this.operandsOf(body);
    for (const t of operands) if (t.subscripts === undefined) checkCooUse(t);
    const { loopOrder, converted } = this.loopOrder(body, output, operands, reduced, reducer);
    const stageOperands = operands.map((t) =>
      this.readConverted(
        t,
        t.subscripts === undefined ? converted.get(t.name) : locatedConversion(t),
      ),
    );
    return {
      notation: {
        source: this.k.notation.source,
        output: { kind: 'access', tensor: output.name, indices: output.indices },
        op,
        rhs: body,
      },
      valueType: this.k.valueType,
      inputs: [],
      operands: stageOperands,
      output,
      indexVars: [],
      loopOrder,
      reductions: new Set(reduced),
      reducer,
      temporaries: [],
    };
  }

  /** The kernel's inputs: its operands in order of first use, then the converted copies. */
  inputs(): TensorPlan[] {
    const firstUse = (t: TensorPlan) => this.k.accesses.findIndex((a) => a.tensor === t.name);
    this.boundOperands.sort((a, b) => firstUse(a) - firstUse(b));
    return [...this.boundOperands, ...this.conversions.values()];
  }

  /** The operand name of access `a` (one per tensor and index pattern). */
  private operandOf(a: AccessExpr): string {
    const key = `${a.tensor}(${a.indices.join(',')})`;
    let name = this.operandNames.get(key);
    if (name === undefined) {
      const n = (this.patterns.get(a.tensor) ?? 0) + 1;
      this.patterns.set(a.tensor, n);
      name = n === 1 ? a.tensor : `${a.tensor}#${n}`;
      this.operandNames.set(key, name);
    }
    return name;
  }

  /** The plans of the distinct operands `body` reads, in order. */
  private operandsOf(body: Expr): TensorPlan[] {
    const operands: TensorPlan[] = [];
    for (const a of accessesOf(body)) {
      if (operands.some((t) => t.name === a.tensor)) continue;
      operands.push(
        this.k.temporaryNames.has(a.tensor)
          ? plainDensePlan(a.tensor, a.indices)
          : this.operandPlan(a),
      );
    }
    return operands;
  }

  /** The plan of operand access `a`, made on its first use by any stage. */
  private operandPlan(a: AccessExpr): TensorPlan {
    let plan = this.operandPlans.get(a.tensor);
    if (plan === undefined) {
      const source = this.k.accesses.find((x) => this.operandOf(x) === a.tensor) as AccessExpr;
      plan = this.planAccess(a.tensor, a.indices, source.tensor);
      if (source.subscripts !== undefined) plan = located(plan, source.subscripts);
      this.operandPlans.set(a.tensor, plan);
      if (plan.argument === undefined) this.boundOperands.push(plan);
    }
    return plan;
  }

  /** The stage's loop order, and the operands converted to follow it. */
  private loopOrder(
    body: Expr,
    output: TensorPlan,
    operands: readonly TensorPlan[],
    reduced: readonly string[],
    reducer: Reducer,
  ): Reinterpretation {
    const vars = [...new Set([...output.indices, ...freeIndicesOf(body)])];
    const binding =
      this.k.reductionsInside && output.format !== undefined
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
    const source = this.k.notation.source;
    const requested = this.k.options.loopOrder;
    return reducer === 'sum'
      ? reinterpretOperands(vars, binding, iterated, body, source, false, requested)
      : extremumOrder(vars, binding, iterated, body, source, reduced, requested);
  }

  /** Operand `t`, read from its copy converted to `format` where that is defined. */
  private readConverted(t: TensorPlan, format: SparseFormat | undefined): TensorPlan {
    if (format === undefined) return t;
    const source = t.argument ?? t.name;
    const key = `${source}:${format.levels.join()}:${format.order.join()}`;
    const copy = this.conversions.get(key) ?? {
      name: `${source}@${this.conversions.size + 1}`,
      indices: t.indices,
      format,
      levelIndices: format.order.map((d) => t.indices[d] as string),
      source,
      convertedFrom: t.format as SparseFormat,
    };
    this.conversions.set(key, copy);
    return {
      ...t,
      format,
      levelIndices:
        t.subscripts === undefined ? format.order.map((d) => t.indices[d] as string) : [],
      argument: copy.name,
    };
  }
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
  requested: readonly string[] | undefined,
): Reinterpretation {
  const preferred = reinterpretOperands(vars, output, operands, body, source, true, requested);
  const depth = (i: string) => preferred.loopOrder.indexOf(i);
  const lastOutput = Math.max(-1, ...output.indices.map(depth));
  if (reduced.every((i) => depth(i) > lastOutput)) return preferred;
  if (requested !== undefined) {
    const outside = reduced.filter((i) => depth(i) < lastOutput);
    throw new SparsifyError(
      'options.loopOrder',
      `puts the reduction over ${outside.join(', ')} outside the output loop over ${preferred.loopOrder[lastOutput]}: a min or max reduction nests inside the output's loops`,
    );
  }
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
function widthsFor(spec: FormatSpec, widths: Widths): Widths {
  if (typeof spec === 'object' && !Array.isArray(spec)) {
    const named = spec as Widths;
    const posWidth = named.posWidth ?? widths.posWidth;
    const crdWidth = named.crdWidth ?? widths.crdWidth;
    return {
      ...(posWidth === undefined ? {} : { posWidth }),
      ...(crdWidth === undefined ? {} : { crdWidth }),
    };
  }
  return widths;
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
