/**
 * The package entry that registers tilekit's kernels for each tfjs backend, so an error about a
 * missing kernel can name the import that fixes it. One line per `register-*` entry.
 */

/** Backend name → the import specifier that registers tilekit's kernels for it. */
export const REGISTER_ENTRIES: Readonly<Record<string, string>> = {
  cpu: '@tilekit/tfjs-kernels/register-cpu',
  webgl: '@tilekit/tfjs-kernels/register-webgl',
  webgpu: '@tilekit/tfjs-kernels/register-webgpu',
  wasm: '@tilekit/tfjs-kernels/register-wasm',
};

/** What to do when a tilekit kernel is missing on `backend`, in words. */
export function registerRemedy(backend: string): string {
  const entry = REGISTER_ENTRIES[backend];
  if (entry !== undefined) {
    return `add \`import '${entry}';\` once to the app (tfjs-core's kernel registry only knows what an entry registered)`;
  }
  const known = Object.entries(REGISTER_ENTRIES)
    .map(([name, specifier]) => `'${name}' (import '${specifier}')`)
    .join(', ');
  return `tilekit registers kernels for the backends ${known}; switch to one of them with tf.setBackend and import its entry`;
}
