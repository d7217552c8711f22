/**
 * @tilekit/errors: the one error model of every tilekit package. `TilekitError` is the base of
 * each package's errors; `isTilekitError` recognises any of them.
 */
export { isTilekitError, TilekitError } from './tilekit-error.js';
