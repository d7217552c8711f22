/**
 * Which of a package's files its `sideEffects` field names. Bundlers read the field's entries
 * as globs relative to the package root (`*` stands for any run of characters within one path
 * segment), so a list such as `./dist/tfjs/register-webgl/*.js` names every file in that folder.
 */

const SPECIAL = /[.+?^${}()|[\]\\]/g;

/**
 * A test of a file path (as `./dist/...`, relative to the package root) against the globs of a
 * package.json's `sideEffects` (a list; `true`, `false` or nothing name no file by path).
 * @param {unknown} sideEffects
 * @returns {(file: string) => boolean}
 */
export function sideEffectFileTest(sideEffects) {
  const globs = Array.isArray(sideEffects) ? sideEffects : [];
  const patterns = globs.map(
    (glob) => new RegExp(`^${glob.replace(SPECIAL, '\\$&').replaceAll('*', '[^/]*')}$`),
  );
  return (file) => patterns.some((pattern) => pattern.test(file));
}
