import { describeValue, INT32_MAX, rowMajorStrides } from '@tilekit/errors';
import { LayoutValidationError } from '../errors.js';
import { shownList } from '../shown-list.js';
import { product } from '../tiling/levels.js';
import type { PadStep, RelayoutPlan, RelayoutStep, TransposeStep } from './plan.js';

/**
 * Whether `sizes` is an array of non-negative safe integers. An index loop, not every(): it
 * stops at the first hole, so an array of 2^32 - 1 holes is refused at once.
 */
function isSizes(sizes: unknown): sizes is number[] {
  if (!Array.isArray(sizes)) return false;
  for (let d = 0; d < sizes.length; d++) {
    const size: unknown = sizes[d];
    if (!Number.isSafeInteger(size) || (size as number) < 0) return false;
  }
  return true;
}

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
  // The length first: only then is copying and sorting the caller's array bounded.
  const fits = Array.isArray(perm) && perm.length === rank;
  const sorted = fits ? [...perm].sort((a, b) => a - b) : [];
  if (!fits || sorted.some((axis, i) => axis !== i)) {
    throw new LayoutValidationError(
      'plan',
      `transpose perm ${fits ? `[${shownList(perm)}]` : describeValue(perm)} does not permute rank ${rank}`,
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
      `pad ${describeValue(paddings)} does not fit shape [${tensor.shape.join(',')}]`,
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
      if (!isSizes(step.shape) || product(step.shape) !== tensor.data.length) {
        throw new LayoutValidationError(
          'plan',
          `cannot reshape [${tensor.shape.join(',')}] to ${isSizes(step.shape) ? `[${shownList(step.shape)}]` : describeValue(step.shape)}`,
        );
      }
      return { data: tensor.data, shape: [...step.shape] };
    default:
      throw new LayoutValidationError(
        'plan',
        `unknown step op ${describeValue((step as { op?: unknown } | undefined)?.op)}`,
      );
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
  if (!isSizes(shape)) {
    throw new LayoutValidationError(
      'shape',
      `expected non-negative integer sizes, got ${Array.isArray(shape) ? `[${shownList(shape)}]` : describeValue(shape)}`,
    );
  }
  const elements = product(shape);
  if (elements > INT32_MAX) {
    throw new LayoutValidationError(
      'shape',
      `[${shownList(shape)}] holds ${elements} elements, more than a plain array here may (${INT32_MAX})`,
    );
  }
  if (data?.length !== elements) {
    throw new LayoutValidationError(
      'data',
      `has ${describeValue(data?.length)} elements, shape [${shownList(shape)}] needs ${elements}`,
    );
  }
  if (!Array.isArray(plan?.steps))
    throw new LayoutValidationError('plan', 'expected a RelayoutPlan');
  let tensor: PlainTensor<unknown> = { data: Array.from(data), shape: [...shape] };
  for (const step of plan.steps) tensor = applyStep(tensor, step, padValue);
  return tensor;
}
