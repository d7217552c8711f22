/**
 * Calling a kernel with a windowed output (see planning/output-window.ts). The caller passes the
 * whole output under its name (`{data, shape}`); the window-free kernel computes the window's
 * elements as an array of the window's shape (for `+=`/`*=` starting from the window's current
 * elements), and they are stored at `lo + x * stride` of a copy of the whole output (or of
 * `output`, when given). Elements outside the window keep the whole output's values.
 */
import { textOf } from '../../sparse-error.js';
import type { ValueArray } from '../../sparse-tensor/storage-arrays.js';
import { windowOfDense, windowShape, writeDenseWindow } from '../../sparse-tensor/window.js';
import { SparsifyError } from '../errors.js';
import type { ValueType } from '../planning/kernel-plan.js';
import { windowText } from '../planning/notation.js';
import {
  type OutputWindow,
  type OutputWindowCall,
  outputAccessText,
} from '../planning/output-window.js';
import type { SparseKernel } from '../sparse-kernel.js';
import { ARRAY_OF, valueTypeOfArray } from './value-promotion.js';

type DenseData = ValueArray | BigInt64Array;

/** The argument naming the whole output: `operands.C`. */
const argumentOf = (w: OutputWindow): string => `operands.${w.tensor}`;

/** The shape of a whole output `w` writes into, checked: a list of sizes every window fits. */
export function checkWholeOutputShape(w: OutputWindow, shape: unknown): readonly number[] {
  if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) {
    throw new SparsifyError(
      argumentOf(w),
      `the whole output of ${outputAccessText(w)} needs a shape (a list of sizes), got ${textOf(shape)}`,
      'the shape of the whole output',
    );
  }
  if (shape.length !== w.indices.length) {
    throw new SparsifyError(
      argumentOf(w),
      `expected rank ${w.indices.length} for ${outputAccessText(w)}, got shape [${shape.join(', ')}]`,
    );
  }
  w.windows.forEach((win, d) => {
    if (win !== null && win.hi > (shape[d] as number)) {
      throw new SparsifyError(
        argumentOf(w),
        `the window ${w.indices[d]}${windowText(win)} of dimension ${d} ends past its size ${shape[d]} (in ${outputAccessText(w)})`,
      );
    }
  });
  return shape;
}

/**
 * The whole output the caller passed for `w` (`operands[w.tensor]`), checked: `{data, shape}`
 * with as many elements as its shape, every window inside it, values of the kernel's type.
 */
export function wholeOutputOf(
  w: OutputWindow,
  operands: Readonly<Record<string, unknown>>,
  valueType: ValueType,
): { readonly data: DenseData; readonly shape: readonly number[] } {
  if (operands === null || typeof operands !== 'object') {
    throw new SparsifyError('operands', 'must be an object mapping tensor names to operands');
  }
  const o: unknown = Object.hasOwn(operands, w.tensor) ? operands[w.tensor] : undefined;
  if (o === undefined) {
    throw new SparsifyError(
      argumentOf(w),
      `missing: ${outputAccessText(w)} writes a window of ${w.tensor}, so pass the whole output as ${w.tensor}: {data, shape}`,
      'the whole output {data, shape}',
    );
  }
  const { data, shape } = (typeof o === 'object' && o !== null ? o : {}) as {
    data?: unknown;
    shape?: unknown;
  };
  if (!ArrayBuffer.isView(data) || 'format' in (o as object)) {
    throw new SparsifyError(
      argumentOf(w),
      `the whole output of ${outputAccessText(w)} must be dense, {data: typed array, shape}, got ${textOf(o)}`,
      'the whole output {data, shape}',
    );
  }
  const checked = checkWholeOutputShape(w, shape);
  const size = checked.reduce((a, b) => a * b, 1);
  const array = data as unknown as DenseData;
  if (array.length !== size) {
    throw new SparsifyError(
      argumentOf(w),
      `shape [${checked.join(', ')}] needs ${size} elements, data has ${array.length}`,
    );
  }
  if (valueTypeOfArray(array) !== valueType) {
    throw new SparsifyError(
      argumentOf(w),
      `holds ${array.constructor.name} values but the kernel computes ${valueType}; pass a ${ARRAY_OF[valueType]}`,
      `a ${ARRAY_OF[valueType]}`,
    );
  }
  return { data: array, shape: checked };
}

/** Checks that the right-hand side gives the window's extents (`computed`, the kernel's shape). */
export function checkWindowExtents(
  w: OutputWindow,
  whole: readonly number[],
  computed: readonly number[],
): void {
  const expected = windowShape(whole, w.windows);
  expected.forEach((n, d) => {
    if (computed[d] !== n) {
      throw new SparsifyError(
        argumentOf(w),
        `dimension ${d} (index ${w.indices[d]}) of ${outputAccessText(w)} has ${n} elements but the right-hand side gives ${w.indices[d]} the extent ${computed[d]}`,
      );
    }
  });
}

/**
 * Runs `w`'s window-free kernel through `run` (given the operands and, for `+=`/`*=`, the
 * window's current elements to update) and returns the whole output with the window written:
 * `output` when given (an array of the whole output's type and length, which may be the whole
 * output's own data), else a new array.
 */
export function runThroughOutputWindow(
  w: OutputWindow,
  operands: Readonly<Record<string, unknown>>,
  output: DenseData | undefined,
  computedShape: (kernel: SparseKernel) => readonly number[],
  run: (kernel: SparseKernel, window: DenseData | undefined) => DenseData,
): DenseData {
  const { plan } = w.kernel;
  const whole = wholeOutputOf(w, operands, plan.valueType);
  checkWindowExtents(w, whole.shape, computedShape(w.kernel));
  if (output !== undefined) {
    if (
      !ArrayBuffer.isView(output) ||
      output.constructor !== whole.data.constructor ||
      output.length !== whole.data.length
    ) {
      throw new SparsifyError(
        'output',
        `expected a ${ARRAY_OF[plan.valueType]} of the whole output's ${whole.data.length} elements, got ${textOf(output)}`,
        `a ${ARRAY_OF[plan.valueType]} of ${whole.data.length} elements`,
      );
    }
  }
  // `=` computes the window afresh; `+=`/`*=` update its current elements.
  const current =
    plan.notation.op === '=' ? undefined : windowOfDense(whole.data, whole.shape, w.windows);
  const window = run(w.kernel, current);
  let into: DenseData;
  if (output === undefined) {
    into = whole.data.slice();
  } else {
    into = output;
    if (output !== whole.data) (into as Float64Array).set(whole.data as Float64Array);
  }
  writeDenseWindow(into, whole.shape, w.windows, window);
  return into;
}

/** What `sparsify` gives with each windowed kernel (see planning/output-window.ts). */
export const OUTPUT_WINDOW_CALL: OutputWindowCall = {
  checkWholeOutputShape,
  wholeOutputOf,
  checkWindowExtents,
  run: runThroughOutputWindow,
};
