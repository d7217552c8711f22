/**
 * Windows on operands (`A(i(1,5,2), j)`, TACO's windows and strides). A windowed access is
 * an operand of its own: the notation is rewritten with a fresh tensor name for each distinct
 * windowed access (same format as the tensor it windows), the kernel is emitted for that
 * window-free notation, and each call materializes the windows from the caller's operands
 * before binding (a slice of the stored entries, linear in them; a strided copy of a dense
 * operand). The bounds are per-call data: every kernel differing only in its windows shares
 * one emitted (and compiled) kernel.
 */
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import {
  type DimensionWindow,
  windowOfDense,
  windowOfTensor,
  windowShape,
} from '../../sparse-tensor/window.js';
import { SparsifyError } from '../errors.js';
import type { SparseKernel } from '../sparse-kernel.js';
import type { AccessExpr, IndexWindow, Notation } from './expression.js';
import { accessesOf, mapExpr, nodesOf, printExpr, windowText } from './notation.js';

/** One windowed access of a tensor. */
export interface OperandWindow {
  /** The caller's operand it reads. */
  readonly tensor: string;
  readonly indices: readonly string[];
  readonly windows: readonly (IndexWindow | null)[];
}

/** A notation with its windowed accesses renamed, and what each new name reads. */
export interface WindowFreeNotation {
  /** The window-free notation as text (what the kernel is emitted and cached for). */
  readonly expression: string;
  /** The formats with each new name given the format of the tensor it windows. */
  readonly formats: Readonly<Record<string, unknown>>;
  /** New operand name -> the window it reads. */
  readonly windows: ReadonlyMap<string, OperandWindow>;
}

/** The text of a windowed access, for errors: `A(i(1,5,2),j)`. */
export function accessText(w: OperandWindow): string {
  return `${w.tensor}(${w.indices.map((i, d) => i + windowText(w.windows[d])).join(',')})`;
}

/**
 * `notation` with every windowed access replaced by a fresh operand (identical windowed
 * accesses share one), or `undefined` when it has no window.
 */
export function withoutWindows(
  notation: Notation,
  formats: Readonly<Record<string, unknown>>,
): WindowFreeNotation | undefined {
  const accesses = accessesOf(notation.rhs);
  if (accesses.every((a) => a.windows === undefined)) return undefined;
  const taken = new Set<string>([notation.output.tensor, ...notation.output.indices]);
  for (const n of nodesOf(notation.rhs)) {
    if (n.kind === 'access') for (const name of [n.tensor, ...n.indices]) taken.add(name);
    if (n.kind === 'sum' || n.kind === 'index') taken.add(n.index);
  }
  for (const name of Object.keys(formats)) taken.add(name);
  const byText = new Map<string, string>();
  const windows = new Map<string, OperandWindow>();
  const rhs = mapExpr(notation.rhs, (e) => {
    if (e.kind !== 'access' || e.windows === undefined) return e;
    const window: OperandWindow = { tensor: e.tensor, indices: e.indices, windows: e.windows };
    const text = accessText(window);
    let name = byText.get(text);
    if (name === undefined) {
      let k = 0;
      while (taken.has(`${e.tensor}_window${k}`)) k++;
      name = `${e.tensor}_window${k}`;
      taken.add(name);
      byText.set(text, name);
      windows.set(name, window);
    }
    const renamed: AccessExpr = { kind: 'access', tensor: name, indices: e.indices };
    return renamed;
  });
  // A tensor read only through windows is no operand of the rewritten kernel any more.
  const stillRead = new Set([notation.output.tensor, ...accessesOf(rhs).map((a) => a.tensor)]);
  const rewrittenFormats: Record<string, unknown> = Object.create(null);
  for (const [name, spec] of Object.entries(formats)) {
    if (stillRead.has(name)) rewrittenFormats[name] = spec;
  }
  for (const [name, w] of windows) {
    if (Object.hasOwn(formats, w.tensor)) rewrittenFormats[name] = formats[w.tensor];
  }
  const expression = `${printExpr(notation.output)} ${notation.op} ${printExpr(rhs)}`;
  return { expression, formats: rewrittenFormats, windows };
}

/** Per kernel with windows, what each of its window operands reads. */
const WINDOWS = new WeakMap<object, ReadonlyMap<string, OperandWindow>>();

/** How a kernel's window operands are read from its caller's operands. */
interface WindowReader {
  operands: typeof operandsThroughWindows;
  shapes: typeof shapesThroughWindows;
}

/**
 * Set with the first windowed kernel (only such kernels read through it), so that callers of
 * kernels without windows (every prepared kernel) do not carry the window reading.
 */
let windowReader: WindowReader | undefined;

/** `kernel` (emitted for the window-free notation) as the kernel of the windowed one. */
export function windowedKernel(
  kernel: SparseKernel,
  windows: ReadonlyMap<string, OperandWindow>,
): SparseKernel {
  windowReader = { operands: operandsThroughWindows, shapes: shapesThroughWindows };
  const windowed = Object.freeze({ ...kernel });
  WINDOWS.set(windowed, windows);
  return windowed;
}

/** Whether `kernel` reads any operand through a window. */
export function hasOperandWindows(kernel: SparseKernel): boolean {
  return WINDOWS.has(kernel);
}

/** The window an operand of `kernel` reads, if it is a window operand. */
export function operandWindowOf(kernel: SparseKernel, name: string): OperandWindow | undefined {
  return WINDOWS.get(kernel)?.get(name);
}

/**
 * `operands` with every window operand of `kernel` materialized from the caller's tensor
 * (checked: present, a tensor, of the access's rank, every window inside its dimension).
 */
export function withOperandWindows<T>(
  kernel: SparseKernel,
  operands: Readonly<Record<string, T>>,
): Readonly<Record<string, T>> {
  const windows = WINDOWS.get(kernel);
  if (windows === undefined || operands === null || typeof operands !== 'object') {
    return operands;
  }
  return (windowReader as WindowReader).operands(windows, operands);
}

/** Shapes by operand name with every window operand's shape added (for shape-only callers). */
export function withWindowShapes(
  kernel: SparseKernel,
  shapes: Readonly<Record<string, readonly number[]>>,
): Readonly<Record<string, readonly number[]>> {
  const windows = WINDOWS.get(kernel);
  if (windows === undefined || shapes === null || typeof shapes !== 'object') return shapes;
  return (windowReader as WindowReader).shapes(windows, shapes);
}

/** {@link withOperandWindows} for a kernel with `windows`. */
function operandsThroughWindows<T>(
  windows: ReadonlyMap<string, OperandWindow>,
  operands: Readonly<Record<string, T>>,
): Readonly<Record<string, T>> {
  const out: Record<string, T> = Object.create(null);
  for (const [name, o] of Object.entries(operands)) out[name] = o;
  for (const [name, w] of windows) {
    const o: unknown = Object.hasOwn(operands, w.tensor) ? operands[w.tensor] : undefined;
    out[name] = windowOfOperand(w, o) as T;
  }
  return out;
}

/** {@link withWindowShapes} for a kernel with `windows`. */
function shapesThroughWindows(
  windows: ReadonlyMap<string, OperandWindow>,
  shapes: Readonly<Record<string, readonly number[]>>,
): Readonly<Record<string, readonly number[]>> {
  const out: Record<string, readonly number[]> = Object.create(null);
  for (const [name, s] of Object.entries(shapes)) out[name] = s;
  for (const [name, w] of windows) {
    const shape = Object.hasOwn(shapes, w.tensor) ? shapes[w.tensor] : undefined;
    if (shape === undefined) throw new SparsifyError(`operands.${w.tensor}`, 'missing');
    if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) {
      throw new SparsifyError(`shapes.${w.tensor}`, 'expected a list of sizes');
    }
    checkWindowFits(w, shape);
    out[name] = windowShape(shape, w.windows);
  }
  return out;
}

/** The rank matches and each window ends inside its dimension. */
function checkWindowFits(w: OperandWindow, shape: readonly number[]): void {
  if (shape.length !== w.indices.length) {
    throw new SparsifyError(
      `operands.${w.tensor}`,
      `expected rank ${w.indices.length} for ${accessText(w)}, got shape [${shape.join(', ')}]`,
    );
  }
  w.windows.forEach((win, d) => {
    if (win !== null && win.hi > (shape[d] as number)) {
      throw new SparsifyError(
        `operands.${w.tensor}`,
        `the window ${w.indices[d]}${windowText(win)} of dimension ${d} ends past its size ${shape[d]} (in ${accessText(w)})`,
      );
    }
  });
}

/** The window `w` of the caller's operand `o`. */
function windowOfOperand(w: OperandWindow, o: unknown): unknown {
  if (o === undefined) throw new SparsifyError(`operands.${w.tensor}`, 'missing');
  if (typeof o !== 'object' || o === null) {
    throw new SparsifyError(
      `operands.${w.tensor}`,
      `${accessText(w)} windows a tensor: expected a SparseTensor or {data, shape}`,
    );
  }
  const sparse = o as Partial<SparseTensor>;
  if (o instanceof SparseTensor || (typeof sparse.format === 'object' && 'positions' in o)) {
    const tensor =
      o instanceof SparseTensor
        ? o
        : SparseTensor.fromStorage(
            sparse.shape as number[],
            sparse.format as SparseTensor['format'],
            {
              positions: sparse.positions as SparseTensor['positions'],
              coordinates: sparse.coordinates as SparseTensor['coordinates'],
              values: sparse.values as SparseTensor['values'],
            },
          );
    checkWindowFits(w, tensor.shape);
    return windowOfTensor(tensor, w.windows as readonly (DimensionWindow | null)[]);
  }
  const { data, shape } = o as { data?: unknown; shape?: unknown };
  if (
    !ArrayBuffer.isView(data) ||
    !Array.isArray(shape) ||
    !shape.every((d) => Number.isSafeInteger(d) && d >= 0) ||
    (data as unknown as ArrayLike<number>).length !== shape.reduce((a, b) => a * b, 1)
  ) {
    throw new SparsifyError(
      `operands.${w.tensor}`,
      'must be a SparseTensor or {data: typed array, shape: number[]} with as many elements as its shape',
    );
  }
  checkWindowFits(w, shape);
  return {
    data: windowOfDense(data as unknown as ArrayLike<number>, shape, w.windows),
    shape: windowShape(shape, w.windows),
  };
}
