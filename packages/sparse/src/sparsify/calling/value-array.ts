/** Value arrays of a kernel's value type, for dense operands and outputs alike. */
import { isIntegerIn } from '@tilekit/errors';
import { textOf } from '../../sparse-error.js';
import { MAX_STORAGE_LENGTH } from '../../sparse-tensor/convert.js';
import type { ValueArray } from '../../sparse-tensor/storage-arrays.js';
import { unfilledArray, type ViewableArrayType } from '../../sparse-tensor/unfilled-array.js';
import { checkValueType } from '../argument-checks.js';
import { SparsifyError } from '../errors.js';
import type { ValueType } from '../planning/kernel-plan.js';

/** A zero-filled array of the kernel's value type. */
export function valueArrayFor(valueType: ValueType, length: number): ValueArray | BigInt64Array {
  checkValueType(valueType);
  if (!isIntegerIn(length, 0, MAX_STORAGE_LENGTH)) {
    throw new SparsifyError(
      'length',
      `must be an integer from 0 to ${MAX_STORAGE_LENGTH}, got ${textOf(length)}`,
    );
  }
  switch (valueType) {
    case 'f32':
      return new Float32Array(length);
    case 'f64':
      return new Float64Array(length);
    case 'i32':
      return new Int32Array(length);
    case 'i64':
      return new BigInt64Array(length);
  }
}

/**
 * An array of the kernel's value type whose contents are unspecified (unfilled-array.ts), for
 * an output the call writes every element of before anything reads it.
 */
export function unfilledValueArrayFor(
  valueType: ValueType,
  length: number,
): ValueArray | BigInt64Array {
  // A length past the storage limit gets valueArrayFor's typed error.
  const type = valueArrayFor(valueType, length > MAX_STORAGE_LENGTH ? length : 0).constructor;
  return unfilledArray(type as ViewableArrayType<ValueArray | BigInt64Array>, length);
}
