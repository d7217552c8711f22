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
