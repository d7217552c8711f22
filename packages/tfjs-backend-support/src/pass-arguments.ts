/**
 * Checks at the boundary of every helper this package exports: a backend, program, tensor info,
 * shape, dtype or list that is not one is a {@link BackendArgumentError} naming it and saying
 * what was passed, before tfjs reads it and fails inside with a TypeError. Each check is a
 * handful of type tests, cheap beside the pass it guards; all throw through
 * {@link expectArgument}, so every message reads `<op>: argument '<name>' must be <what>, got
 * <value>`.
 */
import { describeValue, INT32_MAX } from '@tilekit/errors';
import { BackendArgumentError } from './errors.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The most dimensions a shape passed to the helpers may have (tfjs's ops stop at 6). */
const MAX_RANK = 8;

/** Throws a BackendArgumentError of `op` naming `argument` unless `ok`. */
export function expectArgument(
  ok: boolean,
  op: string,
  argument: string,
  expected: string,
  value: unknown,
): void {
  if (!ok)
    throw new BackendArgumentError(
      op,
      argument,
      `must be ${expected}, got ${describeValue(value)}`,
    );
}

/** `value` is an object with each of `methods` a function (the backend members a helper calls). */
export function expectBackend(
  value: unknown,
  op: string,
  backend: string,
  methods: readonly string[],
): void {
  expectArgument(
    isObject(value) && methods.every((m) => typeof value[m] === 'function'),
    op,
    'backend',
    `the active ${backend} backend (tf.backend())`,
    value,
  );
}

/** `value` is a shape: at most 8 non-negative integer extents. */
export function expectShape(value: unknown, op: string, argument: string): void {
  expectArgument(
    Array.isArray(value) &&
      value.length <= MAX_RANK &&
      value.every((d) => Number.isInteger(d) && (d as number) >= 0),
    op,
    argument,
    `a shape of at most ${MAX_RANK} non-negative integers`,
    value,
  );
}

/** `value` is a TensorInfo: a dataId, a shape and a dtype. */
export function expectTensorInfo(value: unknown, op: string, argument: string): void {
  expectArgument(
    isObject(value) && 'dataId' in value && typeof value.dtype === 'string',
    op,
    argument,
    'a TensorInfo (dataId, shape, dtype)',
    value,
  );
  expectShape((value as Record<string, unknown>).shape, op, `${argument}.shape`);
}

/** `value` is an array of TensorInfos. */
export function expectTensorInfos(value: unknown, op: string, argument: string): void {
  expectArgument(
    Array.isArray(value) && value.length <= 64,
    op,
    argument,
    'an array of at most 64 TensorInfos',
    value,
  );
  (value as unknown[]).forEach((info, i) => {
    expectTensorInfo(info, op, `${argument}[${i}]`);
  });
}

/** `value` is a tfjs dtype a pass writes. */
export function expectDtype(value: unknown, op: string, argument: string): void {
  expectArgument(
    value === 'float32' || value === 'int32' || value === 'bool',
    op,
    argument,
    "'float32', 'int32' or 'bool'",
    value,
  );
}

/** `value` is an object whose `members` have the given `typeof`s (a program's parts). */
export function expectObjectWith(
  value: unknown,
  op: string,
  argument: string,
  expected: string,
  members: Readonly<Record<string, string>>,
): void {
  expectArgument(
    isObject(value) && Object.entries(members).every(([k, t]) => typeof value[k] === t),
    op,
    argument,
    expected,
    value,
  );
}

/** `value` is an integer in `[0, 2^31 - 1]`. */
export function expectCount(value: unknown, op: string, argument: string): void {
  expectArgument(
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= INT32_MAX,
    op,
    argument,
    'an integer from 0 to 2^31 - 1',
    value,
  );
}

/** Element count of a checked shape (1 for a scalar, 0 if any extent is 0). */
export function elementCount(shape: readonly number[]): number {
  let size = 1;
  for (const d of shape) size *= d;
  return size;
}
