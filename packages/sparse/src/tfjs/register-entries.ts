/**
 * The package entry that registers the sparse kernels for each tfjs backend, so an error about
 * a missing kernel can name the import that fixes it.
 */

/** Backend name -> the import specifier that registers the sparse kernels for it. */
export const SPARSE_REGISTER_ENTRIES: Readonly<Record<string, string>> = Object.freeze({
  cpu: '@tilekit/sparse/tfjs/register-cpu',
  wasm: '@tilekit/sparse/tfjs/register-wasm',
  webgl: '@tilekit/sparse/tfjs/register-webgl',
  webgpu: '@tilekit/sparse/tfjs/register-webgpu',
});

/** What to do when a sparse kernel is missing on `backend`, in words. */
export function sparseRegisterRemedy(backend: string): string {
  const entry = SPARSE_REGISTER_ENTRIES[backend];
  if (entry !== undefined) return `add \`import '${entry}';\` once to the app`;
  const known = Object.keys(SPARSE_REGISTER_ENTRIES).join(', ');
  return `the sparse kernels exist for the backends ${known}; switch to one with tf.setBackend and import its register entry`;
}
