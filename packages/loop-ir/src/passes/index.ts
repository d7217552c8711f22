/** Module-to-module passes: `cse` and `canonicalize`, and the effect queries they share. */
export * from './canonicalize/index.js';
export * from './cse.js';
export * from './effects.js';
