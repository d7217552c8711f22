/**
 * How a kernel's output is written when it has a storage format (a sparse output, or a dense
 * one in a permuted level order). Four strategies, after MLIR and TACO:
 *
 * - `insert`: the loop order visits the output's levels in storage order and every reduction
 *   is nested inside them, so each output entry is produced once, in lexicographic order, and
 *   appended (MLIR's `sparse_tensor.insert` in "lexicographic insertion" order, TACO's
 *   `assemble` fused with `compute`);
 * - `expand`: the output's last level is visited below a reduction (Gustavson's SpGEMM
 *   `C(i,j) = A(i,k) * B(k,j)` in the order `i, k, j`), so the entries of one segment are
 *   scattered into a dense workspace and appended in order when the segment is complete (MLIR's
 *   `sparse_tensor.expand` / `compress`, TACO's `precompute` workspace);
 * - `in-place`: `X(...) *= expr` on a sparse `X` updates `X`'s stored values where `expr` is
 *   stored (an implicit zero of `expr` leaves the entry as it is, an implicit zero of `X` stays
 *   zero), iterating `X`'s own levels (MLIR's in-place sparse update);
 * - `scatter`: `C(j,i) = A(i,j)` from a CSR or CSC `A` into the other level order is built by
 *   a counting sort over `A`'s own storage instead of inserting in `C`'s order, which would
 *   first convert `A` (see counting-scatter.ts).
 */

import type { FormatSpec, LevelType, SparseFormat } from '../../sparse-tensor/format.js';
import { levelsOf, resolveFormat } from '../../sparse-tensor/format.js';
import { checkPlan } from '../argument-checks.js';
import { SparsifyError } from '../errors.js';
import { blockFormatError } from './block-formats.js';
import { countingScatterBase } from './counting-scatter.js';
import type { Notation } from './expression.js';
import type { KernelPlan, PlanOptions } from './kernel-plan.js';
import { chooseLoopOrder } from './loop-order.js';
import { planKernel } from './plan-kernel.js';

/** How the emitted loops assemble a formatted output (see the module comment). */
export interface OutputAssembly {
  readonly strategy: 'insert' | 'expand' | 'in-place' | 'scatter';
  readonly format: SparseFormat;
  /** Index variable of each output level (outermost first). */
  readonly levelIndices: readonly string[];
  /**
   * `expand` only: the loop depth whose loops fill one workspace (the depth just below the
   * output's second-to-last level index, 0 for a vector output).
   */
  readonly expandDepth: number;
  /**
   * The format the caller asked for, where the kernel appends in another one (see
   * {@link appendedFormat}): the assembled tensor is converted to it.
   */
  readonly resultFormat?: SparseFormat;
}

/** A plan whose output has a storage format. */
export interface AssemblyPlan extends KernelPlan {
  readonly assembly: OutputAssembly;
}

const isPlainDense = (f: SparseFormat): boolean =>
  levelsOf(f).every((l) => l.iteration === 'range') && f.order.every((d, l) => d === l);

/**
 * `format` with each level replaced by the level type a kernel appends its entries in (a
 * loose compressed level as compressed, an ELL singleton as compressed): in-order insertion
 * builds contiguous segments with no padding, so those levels are made by a conversion after
 * the kernel. `format` itself when every level appends as it is.
 */
export function appendedFormat(format: SparseFormat): SparseFormat {
  const levels = levelsOf(format);
  const appended = levels.map((level, l) => level.appendedAs(levels[l - 1]) as LevelType);
  if (appended.every((lt, l) => lt === format.levels[l])) return format;
  return Object.freeze({ ...format, levels: Object.freeze(appended) });
}

/** True when `plan` writes a formatted (sparse or permuted) output. */
export function hasAssembly(plan: KernelPlan): plan is AssemblyPlan {
  if (typeof plan !== 'object' || plan === null) checkPlan(plan);
  return (plan as Partial<AssemblyPlan>).assembly !== undefined;
}

/**
 * Plans `notation`, including an output format when `formats` names one: the kernel plan of
 * the inputs, then the loop order that also visits the output's levels in storage order where
 * the inputs allow, then the assembly strategy (or a {@link SparsifyError} naming the output
 * format that the chosen loop order could assemble).
 */
export function planWithOutput(
  notation: Notation,
  formats: Readonly<Record<string, FormatSpec>>,
  options: PlanOptions = {},
): KernelPlan {
  const out = notation.output;
  const spec = formats[out.tensor];
  const requested =
    spec === undefined || out.indices.length === 0
      ? undefined
      : resolveFormat(spec, out.indices.length, {
          ...(options.posWidth === undefined ? {} : { posWidth: options.posWidth }),
          ...(options.crdWidth === undefined ? {} : { crdWidth: options.crdWidth }),
          ...widthsNamedBy(spec),
        });
  if (requested?.expressions !== undefined) throw blockFormatError(out.tensor);
  if (requested === undefined || isPlainDense(requested)) {
    return planKernel(notation, formats, options);
  }
  const { [out.tensor]: _output, ...inputFormats } = formats;
  const levelIndices = requested.order.map((d) => out.indices[d] as string);
  if (notation.op === '+=') {
    throw new SparsifyError(
      'expression',
      `+= into the sparse output ${out.tensor} would change its pattern; write ${out.tensor}2(${out.indices.join(',')}) = ${out.tensor}(${out.indices.join(',')}) + ... with the old tensor as an operand`,
    );
  }
  if (notation.op === '*=') return planInPlace(notation, inputFormats, requested, options);
  const format = appendedFormat(requested);
  const resultFormat = format === requested ? {} : { resultFormat: requested };
  const scatter = countingScatterBase(notation, inputFormats, options, format, levelIndices);
  if (scatter !== undefined) {
    const assembly: OutputAssembly = {
      strategy: 'scatter',
      format,
      levelIndices,
      expandDepth: 0,
      ...resultFormat,
    };
    const plan: AssemblyPlan = {
      ...scatter,
      output: { ...scatter.output, format, levelIndices },
      assembly,
    };
    return plan;
  }
  const assembled = (reductionsInside: boolean): AssemblyPlan => {
    const base = planKernel(notation, inputFormats, options, format, reductionsInside);
    const output = { ...base.output, format, levelIndices };
    const loopOrder =
      tryLoopOrder(
        [...new Set([...out.indices, ...base.loopOrder])],
        [output, ...base.operands],
        notation.source,
      ) ?? base.loopOrder;
    const assembly = chooseStrategy(
      levelIndices,
      loopOrder,
      base.reductions,
      out.tensor,
      out.indices,
    );
    return {
      ...base,
      output,
      loopOrder,
      assembly: { ...assembly, format, levelIndices, ...resultFormat },
    };
  };
  // First the loop order the inputs prefer (a workspace may take the output's last level, as
  // in Gustavson's SpGEMM); where a reduction then falls between the output's levels, the
  // order with every reduction inside them, converting the inputs that disagree.
  try {
    return assembled(false);
  } catch (e) {
    if (!(e instanceof SparsifyError)) throw e;
    return assembled(true);
  }
}

function widthsNamedBy(spec: FormatSpec): PlanOptions {
  if (typeof spec !== 'object' || Array.isArray(spec)) return {};
  const named = spec as PlanOptions;
  return {
    ...(named.posWidth === undefined ? {} : { posWidth: named.posWidth }),
    ...(named.crdWidth === undefined ? {} : { crdWidth: named.crdWidth }),
  };
}

function tryLoopOrder(
  indexVars: readonly string[],
  tensors: Parameters<typeof chooseLoopOrder>[1],
  source: string,
): string[] | undefined {
  try {
    return chooseLoopOrder(indexVars, tensors, source);
  } catch (e) {
    if (e instanceof SparsifyError) return undefined;
    throw e;
  }
}

/**
 * `insert` when the output levels come in loop order with every reduction inside them,
 * `expand` when only the last output level comes after a reduction; anything else would
 * insert out of order, and the error names the level order that would not.
 */
function chooseStrategy(
  levelIndices: readonly string[],
  loopOrder: readonly string[],
  reductions: ReadonlySet<string>,
  name: string,
  dimIndices: readonly string[],
): Pick<OutputAssembly, 'strategy' | 'expandDepth'> {
  const depth = (i: string): number => loopOrder.indexOf(i);
  const firstReduction = Math.min(...[...reductions].map(depth), loopOrder.length);
  const inOrder = (ids: readonly string[]): boolean =>
    ids.every((i, l) => l === 0 || depth(i) > depth(ids[l - 1] as string));
  const last = levelIndices[levelIndices.length - 1] as string;
  if (inOrder(levelIndices) && depth(last) < firstReduction) {
    return { strategy: 'insert', expandDepth: 0 };
  }
  const prefix = levelIndices.slice(0, -1);
  const prefixEnd = prefix.length === 0 ? -1 : depth(prefix[prefix.length - 1] as string);
  if (inOrder(prefix) && prefixEnd < firstReduction && depth(last) > prefixEnd) {
    return { strategy: 'expand', expandDepth: prefixEnd + 1 };
  }
  const outputOrder = loopOrder.filter((i) => levelIndices.includes(i));
  const order = outputOrder.map((i) => dimIndices.indexOf(i));
  throw new SparsifyError(
    `formats.${name}`,
    `the loop order (${loopOrder.join(', ')}) would insert into ${name}'s levels (${levelIndices.join(', ')}) out of order; assemble ${name} with level order [${order.join(', ')}]${namedFormatFor(order)} and convert it, or give the operands formats whose level order matches`,
  );
}

function namedFormatFor(order: readonly number[]): string {
  if (order.length !== 2) return '';
  return order[0] === 0 ? ' (CSR or DCSR)' : ' (CSC or DCSC)';
}

/**
 * `X(...) *= expr` with a sparse `X`: planned as `X(...) * (expr)` with `X` an input whose
 * values the kernel rewrites, so the loops iterate `X`'s own levels.
 */
function planInPlace(
  notation: Notation,
  inputFormats: Readonly<Record<string, FormatSpec>>,
  format: SparseFormat,
  options: PlanOptions,
): KernelPlan {
  const out = notation.output;
  // A placeholder dense output keeps planKernel's own checks; the real output is X itself.
  const placeholder = `${out.tensor}__in_place`;
  const rewritten: Notation = {
    ...notation,
    output: { ...out, tensor: placeholder },
    op: '=',
    rhs: {
      kind: 'binary',
      op: '*',
      lhs: { kind: 'access', tensor: out.tensor, indices: out.indices },
      rhs: notation.rhs,
    },
  };
  const base = planKernel(rewritten, { ...inputFormats, [out.tensor]: format }, options);
  if (base.reductions.size > 0) {
    throw new SparsifyError(
      'expression',
      `*= into the sparse output ${out.tensor} cannot sum over ${[...base.reductions].join(', ')}; compute the product into a new tensor`,
    );
  }
  const levelIndices = format.order.map((d) => out.indices[d] as string);
  return {
    ...base,
    notation: { ...rewritten, output: out, op: '*=' },
    output: { name: out.tensor, indices: out.indices, format, levelIndices },
    assembly: { strategy: 'in-place', format, levelIndices, expandDepth: 0 },
  } as AssemblyPlan;
}
