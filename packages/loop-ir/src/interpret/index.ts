/** The reference interpreter for scalar and vector loop IR. */
export { InterpretArgumentError, InterpretError, OutOfBoundsError } from './errors.js';
export {
  type InterpretArg,
  type InterpretOptions,
  type InterpretResult,
  interpret,
  type ScalarArg,
  type ScalarResult,
} from './interpret.js';
export type { MemRefArg, MemRefData } from './memory.js';
export { SEMANTICS } from './semantics/index.js';
