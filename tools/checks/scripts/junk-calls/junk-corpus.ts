/** The junk corpus the harness calls with: the one every package's error-contract test uses. */
export { CallerTrapError, type Junk, junkCorpus } from '@tilekit/test-support/junk';
