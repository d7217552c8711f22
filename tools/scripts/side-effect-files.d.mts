/** Types of side-effect-files.mjs. */

/**
 * A test of a file path (as `./dist/...`, relative to the package root) against the globs of a
 * package.json's `sideEffects` (`*` within one path segment).
 */
export declare function sideEffectFileTest(sideEffects: unknown): (file: string) => boolean;
