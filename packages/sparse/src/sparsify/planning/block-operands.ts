/**
 * The calling convention of a kernel planned in level space (see block-rewrite.ts): its caller
 * passes every tensor in dimension form (`A` a block or structured `SparseTensor`, `B` of shape
 * `[n, k]`) and gets the output in dimension form; each call reads a block operand as its level
 * tensor and a dense tensor with its split dimensions split (the same data, a new shape).
 */
import { levelMapText } from '../../sparse-tensor/level-map.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../errors.js';
import type { SparseKernel } from '../sparse-kernel.js';
import type { BlockOperand, BlockView } from './block-rewrite.js';
import { type LevelForm, blockedKernel as registered } from './block-view.js';

/** The level form of block-view.ts: registered with each level-space kernel. */
const LEVEL_FORM: LevelForm = {
  operands: levelOperandsIn,
  shapes: levelShapesIn,
  outputShape: dimensionShapeIn,
};

/** `kernel` (emitted for the level-space notation) as the kernel of the caller's notation. */
export function blockedKernel(kernel: SparseKernel, view: BlockView): SparseKernel {
  return registered(kernel, view, LEVEL_FORM);
}

/**
 * `shape` with each dimension split by its block size (`[.., n, ..]` -> `[.., n/k, k, ..]`);
 * a rank other than the access's, or a block that does not divide its dimension, is a
 * {@link SparsifyError} naming `operands.<name>`.
 */
export function splitShape(name: string, t: BlockOperand, shape: readonly number[]): number[] {
  if (shape.length !== t.blocks.length) {
    throw new SparsifyError(
      `operands.${name}`,
      `expected rank ${t.blocks.length} (${name}(${t.indices.join(',')})), got shape [${shape.join(', ')}]`,
    );
  }
  return shape.flatMap((n, d) => {
    const k = t.blocks[d] ?? null;
    if (k === null) return [n];
    if (n % k !== 0) {
      throw new SparsifyError(
        `operands.${name}`,
        `dimension ${d} (index ${t.indices[d]}) is ${n}, not a multiple of its block size ${k}`,
      );
    }
    return [n / k, k];
  });
}

/** The output shape of a level-space kernel of `view`, in the caller's dimension form. */
export function dimensionShapeIn(view: BlockView, shape: readonly number[]): number[] {
  const out = view.tensors.get(view.output);
  if (out === undefined) return [...shape];
  let at = 0;
  return out.blocks.map((k) => {
    const n = (shape[at] as number) * (k === null ? 1 : (shape[at + 1] as number));
    at += k === null ? 1 : 2;
    return n;
  });
}

/**
 * The level tensor of block operand `name`, which must be a sparse tensor (or storage view) in
 * the block format the kernel was made for.
 */
export function levelTensorOf(name: string, t: BlockOperand, o: unknown): SparseTensor {
  const format = t.format as NonNullable<BlockOperand['format']>;
  const expected = levelMapText(format);
  const view = o as Partial<SparseTensor> | null;
  if (typeof view !== 'object' || view === null || typeof view.format !== 'object') {
    throw new SparsifyError(
      `operands.${name}`,
      `the kernel expects a SparseTensor in ${expected}`,
      'a SparseTensor in the format given to sparsify',
    );
  }
  const f = view.format as SparseTensor['format'];
  const same =
    Array.isArray(f.levels) &&
    f.levels.join() === format.levels.join() &&
    f.order.join() === format.order.join() &&
    JSON.stringify(f.expressions) === JSON.stringify(format.expressions) &&
    f.posWidth === format.posWidth &&
    f.crdWidth === format.crdWidth;
  if (!same) {
    throw new SparsifyError(
      `operands.${name}`,
      `the kernel expects ${expected} (pos ${format.posWidth} crd ${format.crdWidth}); convert it (${name}.convert(format))`,
      'a SparseTensor in the format given to sparsify',
    );
  }
  const tensor =
    o instanceof SparseTensor
      ? o
      : SparseTensor.fromStorage(view.shape as number[], f, {
          positions: view.positions as SparseTensor['positions'],
          coordinates: view.coordinates as SparseTensor['coordinates'],
          values: view.values as SparseTensor['values'],
        });
  return tensor.toLevelTensor();
}

/** Checks that the dimensions a split index variable sizes agree across the caller's tensors. */
function checkSplitSizes(
  view: BlockView,
  shapeOf: (name: string) => readonly number[] | undefined,
): void {
  const seen = new Map<string, { n: number; name: string }>();
  for (const [name, t] of view.tensors) {
    if (name === view.output) continue;
    const shape = shapeOf(name);
    if (shape === undefined || shape.length !== t.indices.length) continue;
    t.indices.forEach((v, d) => {
      const n = shape[d] as number;
      const other = seen.get(v);
      if (other !== undefined && other.n !== n) {
        throw new SparsifyError(
          `operands.${name}`,
          `dimension ${d} (index ${v}) is ${n} but ${other.name} has ${other.n}`,
        );
      }
      seen.set(v, { n, name });
    });
  }
}

const shapeOfOperand = (o: unknown): readonly number[] | undefined => {
  const shape = (o as { shape?: unknown } | null)?.shape;
  return typeof o === 'object' && Array.isArray(shape) ? (shape as number[]) : undefined;
};

/**
 * `operands` (the caller's, dimension form) as the level-space kernel reads them: block
 * operands as their level tensors, dense operands with split dimensions as `{data, shape}`
 * views of the same data; what is missing or malformed is left for the binding's checks.
 */
export function levelOperandsIn<T>(
  view: BlockView,
  operands: Readonly<Record<string, T>>,
): Readonly<Record<string, T>> {
  const out: Record<string, T> = Object.create(null);
  for (const [name, o] of Object.entries(operands)) out[name] = o;
  const given = [...view.tensors].filter(
    ([name]) => name !== view.output && Object.hasOwn(operands, name),
  );
  for (const [name, t] of given) {
    if (t.format !== undefined) out[name] = levelTensorOf(name, t, operands[name]) as T;
  }
  checkSplitSizes(view, (name) =>
    Object.hasOwn(operands, name) ? shapeOfOperand(operands[name]) : undefined,
  );
  for (const [name, t] of given) {
    const o = operands[name];
    if (t.format !== undefined) continue;
    const dense = o as { data?: unknown; shape?: unknown } | null;
    if (typeof dense !== 'object' || dense === null || !Array.isArray(dense.shape)) continue;
    if (o instanceof SparseTensor || 'format' in dense) continue;
    out[name] = { data: dense.data, shape: splitShape(name, t, dense.shape as number[]) } as T;
  }
  return out;
}

/**
 * Shapes by operand name (dimension form) as a level-space kernel of `view` reads them,
 * checked: the dimensions a split index sizes agree, and each block divides its dimension.
 */
export function levelShapesIn(
  view: BlockView,
  shapes: Readonly<Record<string, readonly number[]>>,
): Record<string, readonly number[]> {
  const valid = (s: unknown): s is number[] =>
    Array.isArray(s) && s.every((d) => Number.isSafeInteger(d) && d >= 0);
  checkSplitSizes(view, (name) => {
    const s = Object.hasOwn(shapes, name) ? shapes[name] : undefined;
    return valid(s) ? s : undefined;
  });
  const out: Record<string, readonly number[]> = Object.create(null);
  for (const [name, s] of Object.entries(shapes)) out[name] = s;
  for (const [name, t] of view.tensors) {
    const shape = Object.hasOwn(shapes, name) ? shapes[name] : undefined;
    if (name === view.output || !valid(shape)) continue;
    // A block operand's level sizes: its dimensions split by the kernel's block sizes.
    out[name] = t.format === undefined ? splitShape(name, t, shape) : levelShapeOf(name, t, shape);
  }
  return out;
}

/** The level sizes of block operand `name` of dimension shape `shape`. */
function levelShapeOf(name: string, t: BlockOperand, shape: readonly number[]): number[] {
  const format = t.format as NonNullable<BlockOperand['format']>;
  if (shape.length !== t.indices.length) {
    throw new SparsifyError(
      `operands.${name}`,
      `expected rank ${t.indices.length}, got shape [${shape.join(', ')}]`,
    );
  }
  return format.order.map((d, l) => {
    const n = shape[d] as number;
    const e = format.expressions?.[l];
    if (e === undefined || e.op === 'dim') return n;
    if (n % e.by !== 0) {
      throw new SparsifyError(
        `operands.${name}`,
        `dimension ${d} (index ${t.indices[d]}) is ${n}, not a multiple of its block size ${e.by}`,
      );
    }
    return e.op === 'floordiv' ? n / e.by : e.by;
  });
}
