/**
 * Why a GPU backend ran a sparse kernel on the CPU, said to the web developer who called the op:
 * what happened, in the words of the op and its operands' formats, and what to change to run on
 * the GPU (or that nothing needs changing). The engine's technical reason is kept beside it.
 */
import { isCompressed, isUnique, type LevelType } from '../sparse-tensor/format.js';

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

/** The op as the user wrote it. */
function opLabel(context: HostRouteContext): string {
  return OP_OF_KERNEL[context.kernelName] ?? `sparseOp('${context.expr}')`;
}

/** A format's common name, or its levels and order. */
export function formatLabel(format: {
  readonly levels: readonly LevelType[];
  readonly order: readonly number[];
}): string {
  const levels = format.levels.join(',');
  const order = format.order.join(',');
  const named: Readonly<Record<string, string>> = {
    'dense,compressed|0,1': 'CSR',
    'dense,compressed|1,0': 'CSC',
    'compressed,compressed|0,1': 'DCSR',
    'compressed,compressed|1,0': 'DCSC',
    'compressed(nonunique),singleton|0,1': 'COO',
    'compressed|0': 'a sparse vector',
  };
  return named[`${levels}|${order}`] ?? `levels [${levels}] in order [${order}]`;
}

/**
 * Whether a format's outermost level walks the first dimension with each index stored once (CSR,
 * DCSR, a sparse vector): what lets one GPU invocation own one row.
 */
function leadsByRows(format: {
  readonly levels: readonly LevelType[];
  readonly order: readonly number[];
}): boolean {
  const root = format.levels[0];
  return format.order[0] === 0 && root !== undefined && (!isCompressed(root) || isUnique(root));
}

/** How to get a CSR copy of operand `name`, on the host or as a TfSparseTensor. */
function toCsr(name: string): string {
  return `Convert ${name} to CSR to run on the GPU: ${name}.convert('CSR') for a host SparseTensor, or TfSparseTensor.fromDense(dense, 'CSR') / TfSparseTensor.fromSparseTensor(host.convert('CSR')) for one on the backend.`;
}

/**
 * Why operand `label` (a format's name) keeps the loops on the CPU on `backend`, or undefined
 * when its format is one the backend's passes take (CSR everywhere, DCSR on webgpu).
 */
function formatObstacle(
  format: { readonly levels: readonly LevelType[]; readonly order: readonly number[] },
  backend: 'webgl' | 'webgpu',
): string | undefined {
  const label = formatLabel(format);
  if (format.levels.length < 2 || label === 'CSR') return undefined;
  if (label === 'COO')
    return "COO keeps one (row, column) pair per entry, so the GPU cannot give each invocation its own row's entries";
  if (label === 'CSC' || label === 'DCSC')
    return `${label} groups the entries by column, so GPU invocations, one per column, would add into the same outputs`;
  if (label === 'DCSR')
    return backend === 'webgl'
      ? 'DCSR lists only its non-empty rows, and WebGL computes each output element on its own, which cannot find its row in that list'
      : undefined;
  return leadsByRows(format) && backend === 'webgpu'
    ? undefined
    : 'its entries are not stored row by row with each row at a known place';
}

/** Why the loops are sequential, in terms of the operands' formats, and what to do. */
function sequentialLoops(context: HostRouteContext, op: string): string {
  const where = `${op} ran on the CPU on ${context.backend} (same result; inputs already on the GPU were read back)`;
  const obstacles = Object.entries(context.formats).flatMap(([name, f]) => {
    const why = formatObstacle(f, context.backend);
    return why === undefined ? [] : [{ name, label: formatLabel(f), why }];
  });
  const first = obstacles[0];
  if (first !== undefined) {
    const names = obstacles.map((o) => `${o.name} is stored as ${o.label}`).join(', ');
    return `${where}: ${names}; ${first.why}. ${toCsr(first.name)}`;
  }
  return `${where}: its outermost loop adds into the same output on every iteration (a reduction such as a dot product), which GPU invocations cannot share. To run on the GPU, make the expression's first index an output index with its sparse operands stored as CSR, e.g. y(i) = A(i,j) * x(j); on webgpu, sparseDot already runs as parallel products summed by tf.sum.`;
}

/**
 * The explanation of a host-route decision: what happened and what to do, in a web developer's
 * words (the technical detail goes in `SparseKernelRun.detail`); `advice` says it for the
 * backend's own causes.
 */
export function hostRouteExplanation(
  decision: HostRouteDecision,
  context: HostRouteContext,
  advice: BackendAdvice = {},
): string {
  const op = opLabel(context);
  if (decision.cause === 'sequential-loops') return sequentialLoops(context, op);
  const what =
    decision.cause === 'host-made-arguments'
      ? "an operand had to be prepared on the CPU (a scalar given as a tensor, or a sparse operand stored in another dimension order than the kernel reads). Pass scalars as plain numbers and store sparse operands in the op's format to run on the GPU."
      : (advice[decision.cause]?.(decision.detail) ?? decision.detail);
  return `${op} ran on the CPU on ${context.backend}: ${what}`;
}
