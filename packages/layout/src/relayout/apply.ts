import { INT32_MAX, rowMajorStrides } from '@tilekit/errors';
import { LayoutValidationError } from '../errors.js';
import { product } from '../tiling/levels.js';
import type { PadStep, RelayoutPlan, RelayoutStep, TransposeStep } from './plan.js';

/** Plain arrays beyond this length are refused rather than attempted. */

/** A plain row-major tensor. */
export interface PlainTensor<T> {
  readonly data: T[];
  readonly shape: number[];
}

/**
 * Visits every output position in row-major order, passing the matching source position
 * (each output step moves the source by `sourceStrides[d]`).
 */
function walk(
  dims: readonly number[],
  sourceStrides: readonly number[],
  visit: (out: number, source: number) => void,
) {
  const total = product(dims);
  const counter = new Array<number>(dims.length).fill(0);
  let source = 0;
  for (let out = 0; out < total; out++) {
    visit(out, source);
    for (let d = dims.length - 1; d >= 0; d--) {
      source += sourceStrides[d]!;
      if (++counter[d]! < dims[d]!) break;
      source -= dims[d]! * sourceStrides[d]!;
      counter[d] = 0;
    }
  }
}

function transpose<T>(tensor: PlainTensor<T>, { perm }: TransposeStep): PlainTensor<T> {
  const rank = tensor.shape.length;
  const sorted = Array.isArray(perm) ? [...perm].sort((a, b) => a - b) : [];
  if (!Array.isArray(perm) || perm.length !== rank || sorted.some((axis, i) => axis !== i)) {
    throw new LayoutValidationError(
      'plan',
      `transpose perm ${JSON.stringify(perm)} does not permute rank ${rank}`,
    );
  }
  const inputStrides = rowMajorStrides(tensor.shape);
  const shape = perm.map((axis) => tensor.shape[axis]!);
  const data = new Array<T>(tensor.data.length);
  walk(
    shape,
    perm.map((axis) => inputStrides[axis]!),
    (out, source) => {
      data[out] = tensor.data[source]!;
    },
  );
  return { data, shape };
}

function pad<T>(tensor: PlainTensor<T>, { paddings }: PadStep, padValue: T): PlainTensor<T> {
  const valid =
    Array.isArray(paddings) &&
    paddings.length === tensor.shape.length &&
    paddings.every((pair) => Array.isArray(pair) && pair.length === 2) &&
    paddings.every(
      ([before, after]) =>
        Number.isSafeInteger(before) && before >= 0 && Number.isSafeInteger(after) && after >= 0,
    );
  if (!valid) {
    throw new LayoutValidationError(
      'plan',
      `pad ${JSON.stringify(paddings)} does not fit shape [${tensor.shape.join(',')}]`,
    );
  }
  const shape = tensor.shape.map((size, d) => size + paddings[d]![0] + paddings[d]![1]);
  if (product(shape) > INT32_MAX) {
    throw new LayoutValidationError(
      'plan',
      `pad to [${shape.join(',')}] exceeds ${INT32_MAX} elements`,
    );
  }
  const data = new Array<T>(product(shape)).fill(padValue);
  const outStrides = rowMajorStrides(shape);
  const origin = paddings.reduce((sum, [before], d) => sum + before * outStrides[d]!, 0);
  // Walk the input (its own row-major order) and drop each element at its padded position.
  walk(tensor.shape, outStrides, (input, target) => {
    data[origin + target] = tensor.data[input]!;
  });
  return { data, shape };
}

function applyStep<T>(tensor: PlainTensor<T>, step: RelayoutStep, padValue: T): PlainTensor<T> {
  switch (step?.op) {
    case 'transpose':
      return transpose(tensor, step);
    case 'pad':
      return pad(tensor, step, padValue);
    case 'reshape':
      if (
        !Array.isArray(step.shape) ||
        !step.shape.every((size) => Number.isSafeInteger(size) && size >= 0) ||
        product(step.shape) !== tensor.data.length
      ) {
        throw new LayoutValidationError(
          'plan',
          `cannot reshape [${tensor.shape.join(',')}] to ${JSON.stringify(step.shape)}`,
        );
      }
      return { data: tensor.data, shape: [...step.shape] };
    default:
      throw new LayoutValidationError('plan', `unknown step ${JSON.stringify(step)}`);
  }
}

/**
 * Applies a relayout plan to plain row-major data of the given shape, step by step exactly as
 * tf.transpose / tf.pad / tf.reshape would, and returns the physical buffer (with its shape,
 * `[physicalElementCount]` for a whole plan). Padding slots receive `padValue` (0 by default).
 * @example applyRelayoutPlan(relayoutPlan('f32[3,5]{1,0:T(2,2)}'), iota15, [3, 5], -1).data
 *          // equals inverseMap('f32[3,5]{1,0:T(2,2)}')
 * @throws LayoutValidationError when data, shape and plan do not fit together.
 */
export function applyRelayoutPlan(
  plan: RelayoutPlan,
  data: ArrayLike<number>,
  shape: readonly number[],
): PlainTensor<number>;
export function applyRelayoutPlan<T>(
  plan: RelayoutPlan,
  data: ArrayLike<T>,
  shape: readonly number[],
  padValue: T,
): PlainTensor<T>;
export function applyRelayoutPlan(
  plan: RelayoutPlan,
  data: ArrayLike<unknown>,
  shape: readonly number[],
  padValue: unknown = 0,
): PlainTensor<unknown> {
  if (!Array.isArray(shape) || !shape.every((size) => Number.isSafeInteger(size) && size >= 0)) {
    throw new LayoutValidationError(
      'shape',
      `expected non-negative integer sizes, got ${JSON.stringify(shape)}`,
    );
  }
  if (data?.length !== product(shape)) {
    throw new LayoutValidationError(
      'data',
      `has ${String(data?.length)} elements, shape [${shape.join(',')}] needs ${product(shape)}`,
    );
  }
  if (!Array.isArray(plan?.steps))
    throw new LayoutValidationError('plan', 'expected a RelayoutPlan');
  let tensor: PlainTensor<unknown> = { data: Array.from(data), shape: [...shape] };
  for (const step of plan.steps) tensor = applyStep(tensor, step, padValue);
  return tensor;
}
