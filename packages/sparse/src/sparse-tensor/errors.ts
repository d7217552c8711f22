/**
 * Errors raised by the sparse tensor helpers. Each names the argument at fault so a caller can
 * tell a bad format description from malformed storage arrays.
 */

import { problemText, SparseArgumentError, SparseError, textOf } from '../sparse-error.js';

/** A format description (level types, ordering, widths) that cannot describe a tensor. */
export class SparseFormatError extends SparseArgumentError {
  override readonly name = 'SparseFormatError';
}

/**
 * Storage arrays that break the format's invariants (non-monotone positions, out-of-range or
 * unsorted coordinates, wrong lengths), or input data that cannot be stored (wrong length,
 * duplicate coordinates, a position that does not fit the chosen bit width).
 */
export class SparseStorageError extends SparseError {
  override readonly name = 'SparseStorageError';
  // Declared, and set by the constructor (as SparseArgumentError's argument).
  /** The argument at fault, e.g. `'positions[1]'`, `'coordinates[0]'`, `'values'`. */
  declare readonly argument: string;
  /** Index inside the offending array, when the problem is at one element. */
  declare readonly at: number | undefined;

  constructor(argument: string, problem: string, at?: number) {
    const name = textOf(argument);
    const index = typeof at === 'number' ? at : undefined;
    super(`Invalid ${name}${index === undefined ? '' : ` at ${index}`}: ${problemText(problem)}`);
    this.argument = name;
    this.at = index;
  }
}
