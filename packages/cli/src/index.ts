/**
 * The tilekit command line as a library: `main(argv, io)` runs a command in-process, and the
 * command table can be inspected or extended by embedders and tests.
 */
export type { Command } from './command.js';
export { DEMO_SECTIONS } from './commands/demo.js';
export { COMMANDS } from './commands/index.js';
export type { DemoSection } from './demos/demo-section.js';
export { CliError, type CliIO } from './io.js';
export { main, usage } from './main.js';
export { type MemoryIO, memoryIO } from './memory-io.js';
export { nodeIO } from './node-io.js';
