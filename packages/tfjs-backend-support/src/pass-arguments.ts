/**
 * Checks at the boundary of the GPU pass helpers kernels call (the `webgl-passes` and
 * `webgpu-passes` entries): a backend, program, tensor info or shape that is not one is a
 * {@link BackendArgumentError} naming it, before tfjs reads it and fails inside with a
 * TypeError. Each check is a handful of type tests, cheap beside the pass it guards.
 */
import { describeValue } from '@tilekit/errors';
import { BackendArgumentError } from './errors.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The most dimensions a shape passed to the helpers may have (tfjs's ops stop at 6). */
const MAX_RANK = 8;

/** `value` is an object with each of `methods` a function (the backend members a helper calls). */
export function expectBackend(
  value: unknown,
  op: string,
  backend: string,
  methods: readonly string[],
): void {
  if (!isObject(value) || methods.some((m) => typeof value[m] !== 'function')) {
    throw new BackendArgumentError(
      op,
      'backend',
      `must be the active ${backend} backend (tf.backend()), got ${describeValue(value)}`,
    );
  }
}

/** `value` is a shape: at most 8 non-negative integer extents. */
export function expectShape(value: unknown, op: string, argument: string): void {
  if (
    !Array.isArray(value) ||
    value.length > MAX_RANK ||
    !value.every((d) => Number.isInteger(d) && (d as number) >= 0)
  ) {
    throw new BackendArgumentError(
      op,
      argument,
      `must be a shape of at most ${MAX_RANK} non-negative integers, got ${describeValue(value)}`,
    );
  }
}

/** `value` is a TensorInfo: a dataId, a shape and a dtype. */
export function expectTensorInfo(value: unknown, op: string, argument: string): void {
  if (!isObject(value) || !('dataId' in value) || typeof value.dtype !== 'string') {
    throw new BackendArgumentError(
      op,
      argument,
      `must be a TensorInfo (dataId, shape, dtype), got ${describeValue(value)}`,
    );
  }
  expectShape(value.shape, op, `${argument}.shape`);
}

/** `value` is an array of TensorInfos. */
export function expectTensorInfos(value: unknown, op: string, argument: string): void {
  if (!Array.isArray(value) || value.length > 64) {
    throw new BackendArgumentError(
      op,
      argument,
      `must be an array of at most 64 TensorInfos, got ${describeValue(value)}`,
    );
  }
  value.forEach((info, i) => {
    expectTensorInfo(info, op, `${argument}[${i}]`);
  });
}

/** `value` is a tfjs dtype a pass writes. */
export function expectDtype(value: unknown, op: string, argument: string): void {
  if (value !== 'float32' && value !== 'int32' && value !== 'bool') {
    throw new BackendArgumentError(
      op,
      argument,
      `must be 'float32', 'int32' or 'bool', got ${describeValue(value)}`,
    );
  }
}

/** `value` is an object whose `members` have the given `typeof`s (a program's parts). */
export function expectObjectWith(
  value: unknown,
  op: string,
  argument: string,
  expected: string,
  members: Readonly<Record<string, string>>,
): void {
  if (!isObject(value) || Object.entries(members).some(([k, t]) => typeof value[k] !== t)) {
    throw new BackendArgumentError(
      op,
      argument,
      `must be ${expected}, got ${describeValue(value)}`,
    );
  }
}

/** `value` is an integer in `[0, 2^31 - 1]`. */
export function expectCount(value: unknown, op: string, argument: string): void {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 0x7fffffff) {
    throw new BackendArgumentError(
      op,
      argument,
      `must be an integer from 0 to 2^31 - 1, got ${describeValue(value)}`,
    );
  }
}

/** Element count of a checked shape (1 for a scalar, 0 if any extent is 0). */
export function elementCount(shape: readonly number[]): number {
  let size = 1;
  for (const d of shape) size *= d;
  return size;
}
