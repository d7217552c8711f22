/**
 * @tilekit/errors: the one error model of every tilekit package. `TilekitError` is the base of
 * each package's errors; `isTilekitError` recognises any of them; `INT32_MAX` is the size bound
 * their argument checks share.
 */
export { INT32_MAX } from './int32-bound.js';
export { isTilekitError, TilekitError } from './tilekit-error.js';
