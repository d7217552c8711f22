/**
 * The package entry that registers tilekit's kernels for each tfjs backend, so an error about a
 * missing kernel can name the import that fixes it. One line per `register-*` entry.
 */
import type { RegisterEntries } from '@tilekit/tfjs-backend-support';

/** Backend name → the import specifier that registers tilekit's kernels for it. */
export const REGISTER_ENTRIES: RegisterEntries = {
  cpu: '@tilekit/tfjs-kernels/register-cpu',
  webgl: '@tilekit/tfjs-kernels/register-webgl',
  webgpu: '@tilekit/tfjs-kernels/register-webgpu',
  wasm: '@tilekit/tfjs-kernels/register-wasm',
};
