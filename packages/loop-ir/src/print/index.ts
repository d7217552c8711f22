/** MLIR text printing. */
export { printAffineMap } from './affine.js';
export { printAttribute } from './attributes.js';
export { printFloat } from './float.js';
export { printModule, printOperation } from './printer.js';
export { printSymbolName } from './quoting.js';
export { printType } from './types.js';
