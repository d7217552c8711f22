/**
 * Argument conversion shared by the ops, in the manner of tfjs-core's `convertToTensor` (which
 * tfjs does not export): tensors pass through, tensor-likes become tensors inside the op's scope.
 */
import { type DataType, Tensor, type TensorLike, tensor } from '@tensorflow/tfjs-core';
import { KernelArgumentError } from '../errors.js';

/**
 * Returns `x` as a tensor.
 *
 * @param x A tensor or nested array / typed array.
 * @param argument Argument name, for errors.
 * @param op Public op name, for errors.
 * @param dtype Dtype to give a converted tensor-like (tensors keep theirs).
 * @throws KernelArgumentError when `x` is neither a tensor nor tensor-like, or is a disposed tensor.
 */
export function toTensor(
  x: Tensor | TensorLike,
  argument: string,
  op: string,
  dtype?: DataType,
): Tensor {
  if (x instanceof Tensor) {
    // tfjs would fail later without naming the argument (or with "Tensor is disposed.").
    if (x.isDisposed) {
      throw new KernelArgumentError(
        op,
        argument,
        'is a disposed tensor (tf.dispose or tf.tidy released it before this call), so it cannot be read',
      );
    }
    return x;
  }
  const isTensorLike =
    typeof x === 'number' || typeof x === 'boolean' || Array.isArray(x) || ArrayBuffer.isView(x);
  if (!isTensorLike) {
    throw new KernelArgumentError(
      op,
      argument,
      `must be a Tensor or TensorLike, got ${x === null ? 'null' : typeof x}`,
    );
  }
  checkConvertible(x, argument, op);
  try {
    return tensor(x, undefined, dtype);
  } catch (error) {
    // tfjs's own reasons (ragged nesting, a non-numeric element) as this op's typed error.
    const reason = error instanceof Error ? error.message : 'tfjs could not read it';
    throw new KernelArgumentError(op, argument, `is not a tensor-like tfjs can read: ${reason}`);
  }
}

/**
 * Elements a nested JavaScript array may hold before conversion is refused: past it the array
 * alone is gigabytes of boxed numbers, and walking its holes would take minutes.
 */
const MAX_ARRAY_ELEMENTS = 2 ** 28;

/** The typed arrays tfjs reads as tensor values (a Float64Array is not one of them). */
const TFJS_TYPED_ARRAYS = ['Float32Array', 'Int32Array', 'Uint8Array', 'Uint8ClampedArray'];

/**
 * Refuses, before tfjs reads it, a typed array tfjs does not take, and a nested array that is
 * not a box of numbers: tfjs's production build skips its shape check and would build a
 * tensor whose shape and values disagree (`[[1, 2], 3]` becomes a [2, 2] tensor of 3 values).
 * The shape comes from the first elements, capped at {@link MAX_ARRAY_ELEMENTS} before any
 * array is walked; the walk then visits each element once.
 */
function checkConvertible(x: TensorLike, argument: string, op: string): void {
  if (ArrayBuffer.isView(x)) {
    const kind = Object.prototype.toString.call(x).slice(8, -1);
    if (!TFJS_TYPED_ARRAYS.includes(kind)) {
      throw new KernelArgumentError(
        op,
        argument,
        `is a ${kind}, which tfjs does not read as tensor values: pass a Float32Array or Int32Array (e.g. Float32Array.from(x)), or a tf.Tensor`,
      );
    }
    return;
  }
  const shape: number[] = [];
  let elements = 1;
  for (let level: unknown = x; Array.isArray(level); level = level[0]) {
    shape.push(level.length);
    elements *= level.length;
    if (elements > MAX_ARRAY_ELEMENTS) {
      throw new KernelArgumentError(
        op,
        argument,
        `is a nested array of more than ${MAX_ARRAY_ELEMENTS} elements: pass a typed array or a tf.Tensor`,
      );
    }
    if (level.length === 0) break;
  }
  const fail = (path: string, what: string) =>
    new KernelArgumentError(
      op,
      argument,
      `is not a box of numbers of shape [${shape.join(', ')}] (as its first elements say): ${argument}${path} ${what}`,
    );
  const visit = (value: unknown, depth: number, path: string): void => {
    if (depth === shape.length) {
      if (typeof value !== 'number' && typeof value !== 'boolean')
        throw fail(path, `is ${describeLeaf(value)}, not a number or boolean`);
      return;
    }
    if (!Array.isArray(value)) throw fail(path, `is ${describeLeaf(value)}, not an array`);
    if (value.length !== shape[depth])
      throw fail(path, `has ${value.length} elements, not ${shape[depth]}`);
    for (let i = 0; i < value.length; i++) visit(value[i], depth + 1, `${path}[${i}]`);
  };
  if (Array.isArray(x)) visit(x, 0, '');
}

/** A short word for a value that is not what the walk expected. */
function describeLeaf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Throws unless `t.dtype` is one of `allowed`.
 *
 * @param op Public op name, for errors.
 * @param argument Argument name, for errors.
 */
export function assertDtype(
  op: string,
  argument: string,
  t: Tensor,
  allowed: readonly DataType[],
): void {
  if (!allowed.includes(t.dtype)) {
    throw new KernelArgumentError(
      op,
      argument,
      `must have dtype ${allowed.join(' or ')}, got ${t.dtype}`,
    );
  }
}
