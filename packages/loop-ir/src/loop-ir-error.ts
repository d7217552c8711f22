import { TilekitError } from '@tilekit/errors';

/** The base of every error @tilekit/loop-ir throws for input it cannot accept. */
export class LoopIrError extends TilekitError {
  override readonly name: string = 'LoopIrError';
}
