/**
 * Kernels with a block (BSR) or structured (n:m) sparse operand in tfjs (`spmm`, `spmv`,
 * `sparseOp`): the kernel `sparsify` plans in level space (block-rewrite.ts), run as a `SparseOp`
 * over the operand's level tensor with each dense operand and the result reshaped to and from
 * its split shape (the same data: tfjs reshapes carry the gradients). Such kernels are compiled,
 * never prepared, and the level-space rewrite (the notation parser with it) comes with the
 * compiler: without `@tilekit/sparse/tfjs/compiler` imported the call is a SparsifyError naming
 * that import, and the ready-made ops' bundles stay without the parser.
 */
import { reshape, Tensor } from '@tensorflow/tfjs-core';
import { type FormatSpec, levelSizesOf, type SparseFormat } from '../../sparse-tensor/format.js';
import { levelMapText } from '../../sparse-tensor/level-map.js';
import { SparsifyError } from '../../sparsify/errors.js';
import {
  dimensionShapeIn,
  levelShapesIn,
  levelTensorOf,
} from '../../sparsify/planning/block-operands.js';
import type { BlockOperand, LevelSpaceForm } from '../../sparsify/planning/block-rewrite.js';
import { toDenseExpression } from '../compiled-kernel.js';
import { isTfSparseTensor, siblingTfSparseTensor } from '../device-sparse.js';
import { FIXED_EXPRESSIONS, SparseOp } from '../kernel-names.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { type BlockProduct, blockCompilerError } from './block-route.js';
import { type KernelOperand, runSparseKernel } from './run-sparse-kernel.js';

/** The level-space form of an expression with block operands (what the compiler installs). */
export type LevelSpaceRewrite = (
  expr: string,
  formats: Readonly<Record<string, FormatSpec>>,
) => LevelSpaceForm | undefined;

let rewrite: LevelSpaceRewrite | undefined;

/** Installs the level-space rewrite (the compiler route does, see compile-route.ts). */
export function installLevelSpaceRewrite(r: LevelSpaceRewrite | undefined): void {
  rewrite = r;
}

/** Level-space forms by expression and formats (a handful per app; the map starts over). */
const FORMS = new Map<string, LevelSpaceForm>();

function formOf(expr: string, formats: Readonly<Record<string, FormatSpec>>): LevelSpaceForm {
  const key = `${expr}\u0000${JSON.stringify(formats)}`;
  let form = FORMS.get(key);
  if (form === undefined) {
    if (rewrite === undefined) throw blockCompilerError(expr);
    form = rewrite(expr, formats) as LevelSpaceForm;
    if (FORMS.size >= 256) FORMS.clear();
    FORMS.set(key, form);
  }
  return form;
}

/**
 * Block operand `name` as the level-space kernel reads it: a host tensor's level tensor, or a
 * `TfSparseTensor`'s storage read as its level tensor (the same tensors, so a gradient with
 * respect to the level tensor's values is one with respect to the operand's).
 */
function levelOperandOf(name: string, t: BlockOperand, o: KernelOperand): KernelOperand {
  if (!isTfSparseTensor(o)) return levelTensorOf(name, t, o);
  const format = t.format as NonNullable<BlockOperand['format']>;
  const f = o.format;
  if (
    f.levels.join() !== format.levels.join() ||
    f.order.join() !== format.order.join() ||
    JSON.stringify(f.expressions) !== JSON.stringify(format.expressions)
  )
    throw new SparsifyError(
      `operands.${name}`,
      `the kernel expects ${levelMapText(format)}, got ${levelMapText(f)}`,
      'a sparse tensor in the format given to the op',
    );
  const levels: SparseFormat = {
    levels: f.levels,
    order: f.levels.map((_, l) => l),
    posWidth: 32,
    crdWidth: 32,
  };
  return siblingTfSparseTensor(o, levelSizesOf(o.shape, f), levels, o);
}

/**
 * Runs `expr` whose `formats` give some operand a block or structured format, on named
 * `operands` in dimension form (a block operand a host `SparseTensor` in its format), on the
 * active backend; the result is in dimension form.
 */
export function runBlockKernel(
  opName: string,
  expr: string,
  formats: Readonly<Record<string, FormatSpec>>,
  operands: Readonly<Record<string, KernelOperand>>,
  options?: SparseOpOptions,
): Tensor {
  const form = formOf(expr, formats);
  const shapes: Record<string, readonly number[]> = {};
  for (const [name, o] of Object.entries(operands)) {
    if (typeof o === 'object' && o !== null && Array.isArray((o as Tensor).shape))
      shapes[name] = (o as Tensor).shape;
  }
  // Checked in dimension form (split dimensions against each other) before anything is reshaped.
  const levelShapes = levelShapesIn(form.view, shapes);
  const levelOperands: Record<string, KernelOperand> = { ...operands };
  for (const [name, t] of form.view.tensors) {
    const o = operands[name];
    if (name === form.view.output || o === undefined) continue;
    if (t.format !== undefined) levelOperands[name] = levelOperandOf(name, t, o);
    else if (o instanceof Tensor)
      levelOperands[name] = reshape(o, [...(levelShapes[name] as readonly number[])]);
  }
  const sparseNames = new Set(Object.keys(form.formats).filter((n) => n in operands));
  const out = runSparseKernel(
    opName,
    SparseOp,
    form.expression,
    levelOperands,
    sparseNames,
    options,
    { expr: form.expression },
  );
  return reshape(out, dimensionShapeIn(form.view, out.shape));
}

/**
 * Fixed kernel `kernelName` (`C(i,k) = A(i,j) * B(j,k)` or `y(i) = A(i,j) * x(j)`) with a block
 * or structured `A` and its dense operand `dense` (named `denseName`), or without one `A`'s dense
 * form; what the compiler route installs for `spmv`, `spmm` and `sparseToDense` (see
 * block-route.ts).
 */
export const blockProduct: BlockProduct = (opName, kernelName, A, denseName, dense, options) => {
  if (denseName === undefined || dense === undefined)
    return runBlockKernel(opName, toDenseExpression(A.rank), { A: A.format }, { A }, options);
  const expr = FIXED_EXPRESSIONS[kernelName] as string;
  return runBlockKernel(opName, expr, { A: A.format }, { A, [denseName]: dense }, options);
};
