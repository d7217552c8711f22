/**
 * Which kernels were planned in level space (see block-rewrite.ts), and the hook through which
 * binding reads their dimension-form operands. `sparsify` registers each such kernel together
 * with the level-form conversion of block-operands.ts, so prepared kernels (which never read a
 * block operand) and the ready-made ops' bundles carry neither the conversion nor its checks.
 */
import type { SparseKernel } from '../sparse-kernel.js';
import type { BlockView } from './block-rewrite.js';

/** How a level-space kernel of a view reads its caller's dimension-form operands. */
export interface LevelForm {
  /** The caller's operands as the level-space kernel reads them (see block-operands.ts). */
  operands<T>(view: BlockView, operands: Readonly<Record<string, T>>): Readonly<Record<string, T>>;
  /** The caller's operand shapes as the level-space kernel reads them, checked. */
  shapes(
    view: BlockView,
    shapes: Readonly<Record<string, readonly number[]>>,
  ): Readonly<Record<string, readonly number[]>>;
  /** A level-space output shape in the caller's dimension form. */
  outputShape(view: BlockView, shape: readonly number[]): number[];
}

/** Per kernel planned in level space, what its caller passes in dimension form. */
const VIEWS = new WeakMap<object, BlockView>();

/** Installed with the first level-space kernel (only such kernels have a view). */
let levelForm: LevelForm | undefined;

/** `kernel` (emitted for the level-space notation) as the kernel of the caller's notation. */
export function blockedKernel(
  kernel: SparseKernel,
  view: BlockView,
  form: LevelForm,
): SparseKernel {
  levelForm = form;
  const blocked = Object.freeze({ ...kernel });
  VIEWS.set(blocked, view);
  return blocked;
}

/** What the caller of `kernel` passes in dimension form, if it was planned in level space. */
export function blockViewOf(kernel: SparseKernel): BlockView | undefined {
  return VIEWS.get(kernel);
}

/**
 * `operands` (the caller's, dimension form) as `kernel` reads them; those of a kernel not
 * planned in level space as they are.
 */
export function withLevelOperands<T>(
  kernel: SparseKernel,
  operands: Readonly<Record<string, T>>,
): Readonly<Record<string, T>> {
  const view = VIEWS.get(kernel);
  if (view === undefined || levelForm === undefined) return operands;
  if (operands === null || typeof operands !== 'object') return operands;
  return levelForm.operands(view, operands);
}

/** Shapes by operand name (dimension form) as `kernel` reads them. */
export function withLevelShapes(
  kernel: SparseKernel,
  shapes: Readonly<Record<string, readonly number[]>>,
): Readonly<Record<string, readonly number[]>> {
  const view = VIEWS.get(kernel);
  if (view === undefined || levelForm === undefined) return shapes;
  if (shapes === null || typeof shapes !== 'object') return shapes;
  return levelForm.shapes(view, shapes);
}

/** A kernel output shape (level space for a level-space kernel) in the caller's dimension form. */
export function dimensionShapeOf(kernel: SparseKernel, shape: readonly number[]): number[] {
  const view = VIEWS.get(kernel);
  return view === undefined || levelForm === undefined
    ? [...shape]
    : levelForm.outputShape(view, shape);
}
