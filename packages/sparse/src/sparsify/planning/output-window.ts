/**
 * Windows on the output (`C(i(8,10), j(8,10)) = A(i,j) + B(i,j)`, TACO's sliced outputs): the
 * kernel is the one of the notation with the output's windows dropped (`C(i,j) = …`, which
 * computes the window's elements as a dense array of the window's shape), and each call
 * writes that array into the caller's whole output at `lo + x * stride` (see
 * calling/output-window-call.ts). The bounds are per-call data: kernels differing only in
 * their output windows share one emitted (and compiled) kernel.
 *
 * Only a dense output can be windowed: a formatted output is assembled from the entries the
 * kernel appends, and merging them into the stored entries of a whole output outside the
 * window is no assembly the emitter has, so it is a {@link SparsifyError} naming the output.
 */
import type { ValueArray } from '../../sparse-tensor/storage-arrays.js';
import { SparsifyError } from '../errors.js';
import type { SparseKernel } from '../sparse-kernel.js';
import type { IndexWindow, Notation } from './expression.js';
import type { ValueType } from './kernel-plan.js';
import { printExpr, windowText } from './notation.js';
import { hasAssembly } from './output-plan.js';

/** The window a kernel writes its output through. */
export interface OutputWindow {
  /** The output tensor (the caller passes the whole of it under this name). */
  readonly tensor: string;
  readonly indices: readonly string[];
  /** Per output dimension, its window (`null`: the whole dimension). */
  readonly windows: readonly (IndexWindow | null)[];
  /** The kernel of the window-free notation, which computes the window's elements. */
  readonly kernel: SparseKernel;
}

/** The text of the windowed output access, for errors: `C(i(8,10),j)`. */
export function outputAccessText(w: Pick<OutputWindow, 'tensor' | 'indices' | 'windows'>): string {
  return `${w.tensor}(${w.indices.map((i, d) => i + windowText(w.windows[d])).join(',')})`;
}

/**
 * The notation with the output's windows dropped, as text (what the kernel is emitted and
 * cached for), with the windows it had; `undefined` when the output has none.
 */
export function withoutOutputWindow(
  notation: Notation,
): { readonly expression: string; readonly windows: readonly (IndexWindow | null)[] } | undefined {
  const { output } = notation;
  if (output.windows === undefined) return undefined;
  const whole = { kind: 'access', tensor: output.tensor, indices: output.indices } as const;
  return {
    expression: `${printExpr(whole)} ${notation.op} ${printExpr(notation.rhs)}`,
    windows: output.windows,
  };
}

/** Per kernel with an output window, the window. */
const OUTPUT_WINDOWS = new WeakMap<object, OutputWindow>();

type DenseData = ValueArray | BigInt64Array;

/**
 * How a call goes through an output window (calling/output-window-call.ts). `sparsify` gives it
 * with each windowed kernel, so that callers of kernels without one (every prepared kernel)
 * do not carry it.
 */
export interface OutputWindowCall {
  /** The whole output's shape as given, checked to be one every window fits. */
  checkWholeOutputShape(w: OutputWindow, shape: unknown): readonly number[];
  /** The caller's whole output (`operands[w.tensor]`), checked. */
  wholeOutputOf(
    w: OutputWindow,
    operands: Readonly<Record<string, unknown>>,
    valueType: ValueType,
  ): { readonly data: DenseData; readonly shape: readonly number[] };
  /** Checks that the window-free kernel computes as many elements as each window holds. */
  checkWindowExtents(w: OutputWindow, whole: readonly number[], computed: readonly number[]): void;
  /** A call of `w`'s window-free kernel (`run`) written into the whole output. */
  run(
    w: OutputWindow,
    operands: Readonly<Record<string, unknown>>,
    output: DenseData | undefined,
    computedShape: (kernel: SparseKernel) => readonly number[],
    run: (kernel: SparseKernel, window: DenseData | undefined) => DenseData,
  ): DenseData;
}

/** Given with the first windowed kernel (only such kernels are called through it). */
let windowCall: OutputWindowCall | undefined;

/**
 * `kernel` (emitted for the window-free notation) as the kernel writing `windows` of the output
 * of `notation`; a formatted output is a {@link SparsifyError} naming the dense form that works.
 */
export function outputWindowedKernel(
  kernel: SparseKernel,
  notation: Notation,
  windows: readonly (IndexWindow | null)[],
  call: OutputWindowCall,
): SparseKernel {
  const { tensor, indices } = notation.output;
  if (hasAssembly(kernel.plan)) {
    throw new SparsifyError(
      `formats.${tensor}`,
      `${outputAccessText({ tensor, indices, windows })} windows a formatted output: only a dense output can be windowed (give ${tensor} no format, or compute the whole output and window it)`,
      'a dense output (no format) for a windowed output',
    );
  }
  windowCall = call;
  const windowed = Object.freeze({ ...kernel });
  OUTPUT_WINDOWS.set(windowed, { tensor, indices, windows, kernel });
  return windowed;
}

/** The window `kernel` writes its output through, if it has one. */
export function outputWindowOf(kernel: SparseKernel): OutputWindow | undefined {
  return OUTPUT_WINDOWS.get(kernel);
}

/** How to call a kernel with an output window (given with every such kernel). */
export function outputWindowCall(): OutputWindowCall {
  return windowCall as OutputWindowCall;
}
