/**
 * @tilekit/errors: the one error model of every tilekit package. `TilekitError` is the base of
 * each package's errors; `isTilekitError` recognises any of them; `INT32_MAX` and
 * `rowMajorStrides` are the size bound and the shape arithmetic their argument checks share,
 * `isIntegerIn` the range check of their counts and sizes;
 * `argumentErrorClass` gives a package's argument error its one shape,
 * `describeValue` is how their messages say what was passed and `messageText` how an
 * error's own text is made from whatever it was given; `nearestName` is the one "did you mean"
 * rule for a misspelt name.
 */
export {
  type ArgumentErrorClass,
  type ArgumentErrorFields,
  argumentErrorClass,
  TilekitArgumentError,
  type TilekitErrorClass,
} from './argument-error.js';
export { type ArgumentErrorText, argumentErrorText } from './argument-text.js';
export { describeValue } from './describe-value.js';
export { INT32_MAX } from './int32-bound.js';
export { isIntegerIn } from './is-integer-in.js';
export { messageText } from './message-text.js';
export { nearestName } from './nearest-name.js';
export { rowMajorStrides } from './row-major-strides.js';
export { isTilekitError, TilekitError } from './tilekit-error.js';
