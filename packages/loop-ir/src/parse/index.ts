/** MLIR text parsing. */
export { MlirParseError } from './errors.js';
export { parseModule } from './module.js';
export { MAX_NESTING_DEPTH } from './nesting.js';
