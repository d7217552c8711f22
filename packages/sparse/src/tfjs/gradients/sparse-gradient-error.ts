/** The error of a gradient that cannot be derived. */
import { SparseError } from '../../sparse-error.js';

/**
 * A gradient that cannot be derived (a {@link SparseError}: `code` `'sparse-gradient'`): of a
 * kernel's expression (`argument` `'expr'`), or with respect to an input that has none, such as
 * a sparse operand's positions or coordinates (`argument` that operand); the message names the
 * term or input at fault.
 */
export class SparseGradientError extends SparseError {
  override readonly name = 'SparseGradientError';
  /** The kernel's expression, or the operand whose input cannot be differentiated. */
  override readonly argument: string;
  override readonly expected: string;
  /** The expression, term or input that is not differentiable. */
  readonly term: string;

  /**
   * @param term What is not differentiable (a term of the expression, or an input).
   * @param problem Why.
   * @param argument The argument at fault: `'expr'` (the default) or the operand's name.
   * @param expected What is differentiable instead.
   */
  constructor(
    term: string,
    problem: string,
    argument = 'expr',
    expected = 'a sum of products of tensor accesses and constants, assigned with = or +=',
  ) {
    const text = (v: unknown) => (typeof v === 'string' ? v : Object.prototype.toString.call(v));
    super(`Not differentiable: ${text(term)}: ${text(problem)}`);
    this.term = text(term);
    this.argument = text(argument);
    this.expected = text(expected);
  }
}
