/**
 * The derivative kernels gradients run, found as kernels are (see ../compiled-kernel.ts): the
 * ready-made ops' derivations come prepared with their kernels (an op adds them when first
 * called), and any other is derived by the compiler's route (derivative.ts, which parses the
 * expression), installed with the compiler. The output-major forms WebGPU's gradients take are
 * the compiler's too, but for the ready-made ops' (the webgpu entries install those prepared).
 */
import { SparsifyError } from '../../sparsify/errors.js';
import { SPARSE_COMPILER_ENTRY } from '../compiled-kernel.js';

/** A derivative kernel as a gradient runs it. */
export interface Derivation {
  /** `G(t's indices) = …`, or absent when the output does not depend on `t`. */
  readonly expr?: string;
  /** Name of the output-gradient operand in `expr`. */
  readonly outputGradient: string;
  /** The tensors `expr` reads. */
  readonly reads: readonly string[];
}

/**
 * A derivative kernel's operands by name (the ops' `SparseOperand`s: named loosely here, so that
 * this module, which the prepared kernels import, imports nothing of the ops).
 */
export type DerivativeOperands = Readonly<Record<string, unknown>>;

/** What the compiler's route supplies: derivations of any expression, and output-major forms. */
export interface Deriver {
  derive(expr: string, tensor: string, sampleWith?: string): Derivation;
  outputMajor(
    expr: string,
    operands: DerivativeOperands,
  ): { expr: string; operands: DerivativeOperands } | undefined;
}

/** The key of the derivation of `expr` with respect to `tensor`, sampled with `sampleWith`. */
export function derivationKey(expr: string, tensor: string, sampleWith?: string): string {
  return [expr, tensor, sampleWith ?? ''].join('\u0000');
}

/** Derivations prepared ahead of time, by key. */
const PREPARED = new Map<string, Derivation>();

/** Adds prepared derivations (a key already known keeps its derivation). */
export function addPreparedDerivations(derivations: readonly (readonly [string, Derivation])[]) {
  for (const [key, d] of derivations) if (!PREPARED.has(key)) PREPARED.set(key, d);
}

let installed: Deriver | undefined;

/** Installs the compiler's deriver (`undefined` removes it, for tests of prepared kernels alone). */
export function installDeriver(deriver: Deriver | undefined): void {
  installed = deriver;
}

let observer: ((key: string, derivation: Derivation) => void) | undefined;

/**
 * Calls `observe` with every derivation looked up, which then comes from the deriver (the
 * generator of prepared kernels records them).
 */
export function observeDerivations(
  observe: ((key: string, derivation: Derivation) => void) | undefined,
): void {
  observer = observe;
}

/** The deriver, or the typed error naming the import that installs it. */
function deriver(what: string): Deriver {
  if (installed === undefined)
    throw new SparsifyError(
      'operands',
      `import '${SPARSE_COMPILER_ENTRY}' once to derive the gradient of ${what} (derivatives ship prepared for the ready-made ops' prepared kernels only)`,
    );
  return installed;
}

/**
 * The derivative of `expr` with respect to `tensor` (see derivative.ts): prepared, else the
 * installed deriver's.
 *
 * @throws SparseGradientError for what has no derivative; SparsifyError when neither has it.
 */
export function derivationOf(expr: string, tensor: string, sampleWith?: string): Derivation {
  const key = derivationKey(expr, tensor, sampleWith);
  if (observer !== undefined) {
    const derived = deriver(expr).derive(expr, tensor, sampleWith);
    observer(key, derived);
    return derived;
  }
  return PREPARED.get(key) ?? deriver(expr).derive(expr, tensor, sampleWith);
}

/** Output-major forms prepared ahead of time (the webgpu entries install them). */
let preparedForms: Deriver['outputMajor'] | undefined;

/** Installs the lookup of prepared output-major forms (see output-major-plan.ts). */
export function installPreparedOutputMajor(forms: Deriver['outputMajor']): void {
  preparedForms = forms;
}

/**
 * The output-major form of derivative kernel `expr` over `operands`: prepared, else the
 * deriver's.
 */
export function outputMajorForm(
  expr: string,
  operands: DerivativeOperands,
): { expr: string; operands: DerivativeOperands } | undefined {
  if (observer === undefined) {
    const prepared = preparedForms?.(expr, operands);
    if (prepared !== undefined) return prepared;
  }
  return deriver(expr).outputMajor(expr, operands);
}
