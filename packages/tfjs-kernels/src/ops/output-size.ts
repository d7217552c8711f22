/**
 * The largest output any op of this package allocates, checked before allocating so that a huge
 * shape is a typed error naming the argument rather than the engine's "Invalid typed array length".
 */
import { INT32_MAX } from '@tilekit/errors';
import { KernelArgumentError } from '../errors.js';

/**
 * At most 2^31 - 1 elements per output: flat offsets travel as int32 (TSCATTER/TGATHER indices),
 * and JavaScript engines cap typed arrays near 2^32 elements or lower.
 */
export const MAX_OUTPUT_ELEMENTS = INT32_MAX;

/**
 * Throws unless an output of `count` elements is allocatable.
 *
 * @param op Public op name, for errors.
 * @param argument The argument that decides the output size.
 * @param count Element count of the output.
 * @param what How `argument` leads to `count`, in words (e.g. `'[100000, 100000]'`).
 * @throws KernelArgumentError
 */
export function assertOutputSize(op: string, argument: string, count: number, what: string): void {
  if (count > MAX_OUTPUT_ELEMENTS) {
    throw new KernelArgumentError(
      op,
      argument,
      `${what} asks for an output of ${count} elements, more than the ${MAX_OUTPUT_ELEMENTS} (2^31 - 1) this package allocates`,
    );
  }
}
