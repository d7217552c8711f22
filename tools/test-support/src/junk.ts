/**
 * The error contract's test support: the junk corpus and the check that every public function
 * keeps the contract on it (a subpath of its own, so importing it loads nothing else).
 */

export { callableExports, type JunkTarget, junkCallFailures } from './junk-contract.js';
export { CallerTrapError, type Junk, junkCorpus } from './junk-corpus.js';
