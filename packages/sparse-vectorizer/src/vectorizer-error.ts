import { TilekitError } from '@tilekit/errors';

/** The base of every error @tilekit/sparse-vectorizer throws for input it cannot accept. */
export class VectorizerError extends TilekitError {
  override readonly name: string = 'VectorizerError';
}
