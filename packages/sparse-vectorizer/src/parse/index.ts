/** MLIR text parsing. */
export { MlirParseError } from './errors.js';
export { parseModule } from './module.js';
