import { TilekitError } from '@tilekit/errors';

/** The base of every error @tilekit/layout throws for input it cannot accept. */
export class LayoutError extends TilekitError {
  override readonly name: string = 'LayoutError';
}
