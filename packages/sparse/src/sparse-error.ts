import { TilekitError } from '@tilekit/errors';

/** The base of every error @tilekit/sparse throws for input it cannot accept. */
export class SparseError extends TilekitError {
  override readonly name: string = 'SparseError';
}
