/** The in-memory CliIO the tests run commands with. */
export { memoryIO as captureIO } from '../src/memory-io.js';
