/**
 * `sparsify`: tensor index notation + per-tensor storage formats -> a `func.func` of scalar
 * loops over position/coordinate/value memrefs, shaped like the output of MLIR's
 * `--sparsification` (see kernel-signature.ts for the argument convention).
 */

import type { Value } from '@tilekit/loop-ir';
import { buildFunction, buildModule } from '@tilekit/loop-ir';
import { installSparseTensorConstruction } from '../sparse-tensor/construction.js';
import type { FormatSpec } from '../sparse-tensor/format.js';
import { checkString } from './argument-checks.js';
import { cachedKernel, KERNEL_CACHE_LIMIT } from './calling/kernel-cache.js';
import { giveOutputStorageWork } from './calling/output-storage-hook.js';
import { OUTPUT_STORAGE_WORK } from './calling/output-storage-work.js';
import { OUTPUT_WINDOW_CALL } from './calling/output-window-call.js';
import type { CaseDispatch } from './emission/emit-context.js';
import { kernelParameters } from './emission/kernel-signature.js';
import { emitLoopNests } from './emission/loop-nests.js';
import { SparsifyError } from './errors.js';
import { checkOptionsObject } from './options-object.js';
import { blockedKernel } from './planning/block-operands.js';
import { levelSpaceForm } from './planning/block-rewrite.js';
import { asInPlaceUpdate } from './planning/in-place-update.js';
import type { PlanOptions } from './planning/kernel-plan.js';
import { withWindowAccessesNamed } from './planning/loop-order-window-names.js';
import { parseNotation } from './planning/notation.js';
import { windowedKernel, withoutWindows } from './planning/operand-window.js';
import { planWithOutput } from './planning/output-plan.js';
import { outputWindowedKernel, withoutOutputWindow } from './planning/output-window.js';
import { checkLoopOrderOption, checkPlannedOrder } from './planning/requested-loop-order.js';
import type { SparseKernel } from './sparse-kernel.js';

/** Options of {@link sparsify}. */
export interface SparsifyOptions extends PlanOptions {
  /** Name of the emitted function (default: derived from the expression). */
  readonly name?: string;
  /**
   * How a loop that co-iterates several sparse operands picks the lattice case at each
   * coordinate. `'select'` (default): where every case ends in one statement, all of them
   * are evaluated and `arith.select` picks the present one's value, so each step does one
   * append and has no data-dependent branch (the same values, bit for bit); `'branch'`:
   * always an `scf.if` chain, as MLIR's sparsifier emits.
   */
  readonly caseDispatch?: CaseDispatch;
}

/** Every option of {@link sparsify}; typed so that a new option must be listed here. */
const SPARSIFY_OPTION_KEYS = Object.keys({
  valueType: true,
  posWidth: true,
  crdWidth: true,
  name: true,
  caseDispatch: true,
  loopOrder: true,
} satisfies Record<keyof SparsifyOptions, true>);

/**
 * Emits the loops of `expression` (e.g. `'x(i) = A(i,j) * b(j)'`) for the given per-tensor
 * formats (tensors not named are dense), e.g. `sparsify('x(i) = A(i,j) * b(j)', {A: 'CSR'})`.
 * Throws `NotationSyntaxError` for bad notation and `SparsifyError` for kernels it cannot
 * emit.
 *
 * Kernels are cached: a call with the same expression text, formats and options as a recent
 * one (the last {@link KERNEL_CACHE_LIMIT} distinct ones) returns the same frozen kernel
 * without emitting anything, and `vectorize` and `compile` remember what they made of its
 * module, so repeating the whole pipeline compiles nothing.
 */
export function sparsify(
  expression: string,
  formats: Readonly<Record<string, FormatSpec>> = {},
  options: SparsifyOptions = {},
): SparseKernel {
  return cachedKernel(expression, formats, options, emitKernel);
}

/** {@link sparsify} without the cache. */
export function emitKernel(
  expression: string,
  formats: Readonly<Record<string, FormatSpec>> = {},
  options: SparsifyOptions = {},
): SparseKernel {
  // What calling the compiler's kernels may take beyond the ready-made ops' prepared ones:
  // converting operands between formats (bind.ts) and assembling a formatted output.
  installSparseTensorConstruction();
  giveOutputStorageWork(OUTPUT_STORAGE_WORK);
  checkOptionsObject('sparsify', options, SPARSIFY_OPTION_KEYS);
  checkLoopOrderOption(options.loopOrder);
  const own = ownFormats(formats);
  const notation = parseNotation(expression);
  const outputWindowFree = withoutOutputWindow(notation);
  if (outputWindowFree !== undefined) {
    // Output windows are per-call data too: the kernel computes the window's elements.
    const kernel = sparsify(outputWindowFree.expression, formats, options);
    return outputWindowedKernel(kernel, notation, outputWindowFree.windows, OUTPUT_WINDOW_CALL);
  }
  const levelSpace = levelSpaceForm(notation, own, options);
  if (levelSpace !== undefined) {
    if (options.loopOrder !== undefined) {
      throw new SparsifyError(
        'options.loopOrder',
        'cannot order the loops of a kernel with block or structured operands, which run over their levels',
      );
    }
    // Block and structured operands: the kernel is planned over their levels (MLIR's
    // reinterpret_map) and called in dimension form.
    const kernel = sparsify(levelSpace.expression, levelSpace.formats, {
      ...options,
      name: options.name ?? kernelNameOf(expression),
    });
    return blockedKernel(kernel, levelSpace.view);
  }
  const windowFree = withoutWindows(notation, own);
  if (windowFree !== undefined) {
    // Windows are per-call data: the kernel is the window-free one's, shared by every window.
    const kernel = withWindowAccessesNamed(windowFree.windows, () =>
      sparsify(
        windowFree.expression,
        windowFree.formats as Readonly<Record<string, FormatSpec>>,
        options,
      ),
    );
    return windowedKernel(kernel, windowFree.windows);
  }
  const plan = planWithOutput(asInPlaceUpdate(notation, own), own, options);
  if (options.loopOrder !== undefined) checkPlannedOrder(plan, options.loopOrder);
  if (options.caseDispatch !== undefined && !CASE_DISPATCHES.includes(options.caseDispatch)) {
    throw new SparsifyError(
      'options.caseDispatch',
      `must be ${CASE_DISPATCHES.map((d) => `'${d}'`).join(' or ')}, got ${String(options.caseDispatch)}`,
    );
  }
  const parameters = kernelParameters(plan);
  const functionName = options.name ?? kernelNameOf(expression);
  const func = buildFunction(
    functionName,
    parameters.map((p) => p.type),
    [],
    (b, ...args) => {
      emitLoopNests(plan, parameters, args as Value[], b, options.caseDispatch);
      return [];
    },
  );
  return Object.freeze({
    module: buildModule([func]),
    functionName,
    plan,
    parameters: Object.freeze(parameters),
  });
}

const CASE_DISPATCHES: readonly CaseDispatch[] = ['select', 'branch'];

/**
 * The formats as a prototype-free record of their own entries, so that a tensor named
 * `constructor` or `__proto__` finds its own format (or none), never an inherited property.
 */
function ownFormats(
  formats: Readonly<Record<string, FormatSpec>>,
): Readonly<Record<string, FormatSpec>> {
  if (formats === null || typeof formats !== 'object' || Array.isArray(formats)) {
    throw new SparsifyError('formats', 'must be an object mapping tensor names to formats');
  }
  const own: Record<string, FormatSpec> = Object.create(null);
  for (const [name, spec] of Object.entries(formats)) own[name] = spec;
  return own;
}

const OPERATOR_WORDS: ReadonlyMap<string, string> = new Map([
  ['+=', 'addeq'],
  ['*=', 'muleq'],
  ['=', 'eq'],
  ['+', 'add'],
  ['-', 'sub'],
  ['*', 'mul'],
  ['/', 'div'],
]);

/** A symbol name derived from the notation: `x(i) = A(i,j) * b(j)` -> `x_i_eq_A_i_j_mul_b_j`. */
export function kernelNameOf(expression: string): string {
  checkString(expression, 'expression');
  const tokens = expression.match(/[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|\+=|\*=|[=+\-*/]/g) ?? [];
  const words = tokens.map((t) => OPERATOR_WORDS.get(t) ?? t.replace('.', 'p'));
  const name = words.join('_');
  return /^[A-Za-z_]/.test(name) ? name : `k_${name}`;
}
