/**
 * Why a GPU backend ran a sparse kernel on the CPU, said to the web developer who called the op:
 * what happened, in the words of the op and its operands' formats, and what to change to run on
 * the GPU (or that nothing needs changing). The engine's technical reason is kept beside it.
 */
import type { LevelType } from '../sparse-tensor/format.js';

/** Why a call took the host route on a GPU backend. */
export type HostRouteCause =
  /** The loops have no outer loop whose iterations are independent (for these formats). */
  | 'sequential-loops'
  /** Some argument must be prepared on the CPU (a scalar given as a tensor, a reordered operand). */
  | 'host-made-arguments'
  /** WebGL1 context (the passes need WebGL2's integer texel fetches). */
  | 'webgl1'
  /** WebGL: a tensor is empty (no texture can hold it). */
  | 'empty-tensor'
  /** WebGL: an index or extent passes 2^24 (float32 textures stop being exact). */
  | 'past-float-exact'
  /** WebGPU: a pass would bind more storage buffers than the device allows. */
  | 'binding-limit'
  /** WebGPU: every input is small and on the CPU, where tfjs-webgpu runs such ops itself. */
  | 'small-cpu-inputs';

/** A host-route decision: its cause and the technical detail (the engine's or backend's words). */
export interface HostRouteDecision {
  readonly cause: HostRouteCause;
  readonly detail: string;
}

/**
 * What a backend says for the causes only it gives (WebGL's textures, WebGPU's bindings): the
 * text after "<op> ran on the CPU on <backend>: ", from the decision's detail. Kept with the
 * backend's kernels, so that each register entry bundles its own.
 */
export type BackendAdvice = Readonly<Partial<Record<HostRouteCause, (detail: string) => string>>>;

/** What the explanation names: the kernel, the backend and the sparse operands' formats. */
export interface HostRouteContext {
  readonly kernelName: string;
  readonly backend: 'webgl' | 'webgpu';
  /** The expression (named for `sparseOp` kernels). */
  readonly expr: string;
  readonly formats: Readonly<
    Record<string, { readonly levels: readonly LevelType[]; readonly order: readonly number[] }>
  >;
}

/** The op a user called, by kernel name. */
const OP_OF_KERNEL: Readonly<Record<string, string>> = {
  SparseSpmv: 'spmv',
  SparseSpmm: 'spmm',
  SparseSddmm: 'sddmm',
  SparseDot: 'sparseDot',
  SparseToDenseTensor: 'sparseToDense',
};

/**
 * The formats' part of the sequential loops' explanation (see format-obstacles.ts), once the
 * compiler route installs it: only its kernels have formats that can be in the way.
 */
let formatsExplanation:
  | ((context: HostRouteContext, where: string) => string | undefined)
  | undefined;

/** Installs the formats' explanation (the compiler route does). */
export function installFormatsExplanation(explain: typeof formatsExplanation): void {
  formatsExplanation = explain;
}

/** Why the loops are sequential, in terms of the operands' formats, and what to do. */
function sequentialLoops(context: HostRouteContext, op: string, refused: boolean): string {
  const where = refused
    ? `${refusedLead(context, op)}: `
    : `${op} ran on the CPU on ${context.backend} (same result; GPU inputs were read back): `;
  return (
    formatsExplanation?.(context, where) ??
    `${where}its outer loop adds into one output (a reduction, e.g. a dot product), which GPU threads cannot share. Make the first index an output index with CSR operands, e.g. y(i) = A(i,j) * x(j); on webgpu sparseDot runs as parallel products summed by tf.sum.`
  );
}

/** How a refusal starts: the op has no form for the backend (the host route was refused). */
const refusedLead = (context: HostRouteContext, op: string) =>
  `${op} has no ${context.backend} form for these operands`;

/**
 * The explanation of a host-route decision: what happened and what to do, in a web developer's
 * words (the technical detail goes in `SparseKernelRun.detail`); `advice` says it for the
 * backend's own causes. `refused`: the host route could not run either (said instead of "ran on
 * the CPU").
 */
export function hostRouteExplanation(
  decision: HostRouteDecision,
  context: HostRouteContext,
  advice: BackendAdvice = {},
  refused = false,
): string {
  const op = OP_OF_KERNEL[context.kernelName] ?? `sparseOp('${context.expr}')`;
  if (decision.cause === 'sequential-loops') return sequentialLoops(context, op, refused);
  const what =
    decision.cause === 'host-made-arguments'
      ? "an operand was prepared on the CPU (a scalar given as a tensor, or a sparse operand in another dimension order). Pass scalars as plain numbers and sparse operands in the op's format to run on the GPU."
      : (advice[decision.cause]?.(decision.detail) ?? decision.detail);
  return `${refused ? refusedLead(context, op) : `${op} ran on the CPU on ${context.backend}`}: ${what}`;
}
