/**
 * What an error about a missing kernel tells the app to do: the `register-*` entry of the
 * active backend to import, or the backends the package has entries for.
 */
import { messageText as text } from '@tilekit/errors';

/** Backend name -> the import specifier that registers a package's kernels for it. */
export type RegisterEntries = Readonly<Record<string, string>>;

/**
 * What to do when a kernel of the package whose register entries are `entries` is missing on
 * `backend` (the engine's backend name), in words: the import to add, or (for a backend the
 * package has no entry for) the backends it has, each with its import. (tfjs-core's kernel
 * registry only knows what an entry registered.)
 */
export function registerRemedy(entries: RegisterEntries, backend: string): string {
  // Anything but a map lists no backend; a map lists its first 64 (tfjs has four backends).
  const known = (
    typeof entries === 'object' && entries !== null && !Array.isArray(entries)
      ? Object.entries(entries)
      : []
  ).slice(0, 64);
  const entry = known.find(([name]) => name === backend);
  if (entry !== undefined) {
    return `add \`import '${text(entry[1])}';\` once to the app`;
  }
  const listed = known.map(([name, specifier]) => `'${name}' (import '${text(specifier)}')`);
  return `the kernels are registered for the backends ${listed.join(', ')}; switch to one of them with tf.setBackend and import its entry`;
}
