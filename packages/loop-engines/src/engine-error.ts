import { TilekitError } from '@tilekit/errors';

/** The base of every error @tilekit/loop-engines throws for input it cannot accept. */
export class EngineError extends TilekitError {
  override readonly name: string = 'EngineError';
}
