/**
 * Every tilekit package's errors for input it cannot accept are `TilekitError`s (branded, with a
 * stable `code`); their messages name the argument and the problem, so the CLI prints them as
 * they are, without a stack. Anything else is a bug.
 */
export { isTilekitError as isLibraryError } from '@tilekit/errors';
